// Docs for coding agents: /llms.txt lists every docs page with its Markdown
// address, and each /docs/<page>.md has the page's content: every heading and
// every code block the HTML page shows (try-it's form aside) is in its twin.
import { describe, expect, it } from "vitest";
import { http, origin } from "../helpers/apps";

const decode = (s: string) =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#x27;|&#39;|&apos;/g, "'").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&");
const text = (html: string) => decode(html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, ""));
const words = (s: string) => s.replace(/\s+/g, " ").trim();

/** The page's own content: its <main>, without the try-it form (a browser's tool) and the "On this page" navigation. */
function mainOf(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
  return main.replace(/<section id="try-it"[\s\S]*?<\/section>/g, "").replace(/<nav[\s\S]*?<\/nav>/g, "");
}
const headingsOf = (html: string) => [...mainOf(html).matchAll(/<h([1-3])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => ({ level: Number(m[1]), text: words(text(m[2]!)) }));
const codeBlocksOf = (html: string) => [...mainOf(html).matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((m) => text(m[1]!));

/** Markdown's inline syntax removed: code spans, emphasis, backslash escapes (of any ASCII punctuation, as CommonMark has them), links. */
const mdPlain = (s: string) => words(s.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`+ ?([^`]*?) ?`+/g, "$1").replace(/\*\*/g, "").replace(/\\([!-/:-@[-`{-~])/g, "$1"));

/** The Markdown's ATX headings (levels 1-3), outside fenced code blocks (a shell comment is no heading). */
function mdHeadingsOf(md: string) {
  let fence = "";
  const out: { level: number; text: string }[] = [];
  for (const line of md.split("\n")) {
    const f = /^\s*(`{3,})/.exec(line)?.[1];
    if (f && (!fence || f.length >= fence.length)) fence = fence ? "" : f;
    else if (!fence) {
      const h = /^(#{1,3}) (.+)$/.exec(line);
      if (h) out.push({ level: h[1]!.length, text: mdPlain(h[2]!) });
    }
  }
  return out;
}

describe("docs for coding agents", () => {
  it("/llms.txt lists every docs page; each .md twin has its page's headings and code blocks", async () => {
    const llms = await http("GET", `${origin()}/llms.txt`);
    expect(llms.status).toBe(200);
    expect(llms.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(llms.text).toMatch(/^# Svc Sandbox\n\n> /);
    const links = [...llms.text.matchAll(/^- \[([^\]]+)\]\((http[^)]+\.md)\)/gm)].map((m) => ({ title: m[1]!, url: m[2]! }));
    const mdPaths = links.map((l) => new URL(l.url).pathname);

    // Every page the docs search knows (guides, APIs, operations, developer API groups) is listed.
    const search = await http("GET", `${origin()}/docs/search.json`);
    const pages = new Set<string>(search.body.filter((e: { kind: string }) => ["guide", "api", "operation"].includes(e.kind)).map((e: { href: string }) => e.href.split("#")[0]));
    expect(pages.size).toBeGreaterThan(20);
    for (const p of pages) expect(mdPaths, p).toContain(p === "/docs" ? "/docs/index.md" : `${p}.md`);

    for (const link of links) {
      const path = new URL(link.url).pathname;
      const htmlPath = path === "/docs/index.md" ? "/docs" : path.slice(0, -".md".length);
      const [md, html] = await Promise.all([http("GET", `${origin()}${path}`), http("GET", `${origin()}${htmlPath}`)]);
      expect([md.status, html.status], path).toEqual([200, 200]);
      expect(md.headers.get("content-type"), path).toBe("text/markdown; charset=utf-8");
      const mdHeadings = mdHeadingsOf(md.text);
      const headings = headingsOf(html.text);
      expect(headings.length, path).toBeGreaterThan(0);
      expect(mdHeadings, path).toEqual(headings);
      expect(headings[0]!.level, path).toBe(1);
      for (const code of codeBlocksOf(html.text)) {
        for (const line of code.split("\n").map((l) => l.trim()).filter(Boolean)) expect(md.text, `${path}: ${line}`).toContain(line);
      }
    }
  });

  it("each twin starts with its H1, tags every code block with its language, keeps same-page anchors, and links docs pages by their twins", async () => {
    const llms = await http("GET", `${origin()}/llms.txt`);
    const paths = [...llms.text.matchAll(/^- \[[^\]]+\]\((http[^)]+\.md)\)/gm)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(20);
    const untagged: string[] = [];
    for (const path of paths) {
      const htmlPath = path === "/docs/index.md" ? "/docs" : path.slice(0, -".md".length);
      const [md, html] = await Promise.all([http("GET", `${origin()}${path}`), http("GET", `${origin()}${htmlPath}`)]);
      const lines = md.text.split("\n");
      expect(lines[0], path).toMatch(/^# \S/);
      // every opening fence carries an info string (the language)
      let fence = "";
      for (const line of lines) {
        const f = /^\s*(`{3,})(.*)$/.exec(line);
        if (!f) continue;
        if (!fence) {
          fence = f[1]!;
          if (!f[2]!.trim()) untagged.push(`${path}: ${line}`);
        } else if (f[1]!.length >= fence.length && !f[2]!.trim()) fence = "";
      }
      // links to a heading of the same page stay links to it
      const anchors = [...new Set([...mainOf(html.text).matchAll(/<a [^>]*href="(#[^"]+)"/g)].map((m) => decode(m[1]!)))];
      for (const a of anchors) expect(md.text, `${path}: ${a}`).toContain(`](${a})`);
      // links to other docs pages go to their twins
      const links = [...md.text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
      for (const l of links) {
        const u = new URL(l, `${origin()}${path}`);
        if (u.origin !== origin() || !(u.pathname === "/docs" || u.pathname.startsWith("/docs/"))) continue;
        if (u.pathname === path && l.startsWith("#")) continue;
        expect(u.pathname, `${path}: ${l}`).toMatch(/\.(md|json|ya?ml|txt)$/);
      }
    }
    expect(untagged).toEqual([]);
  });

  it("an address that is no page's twin answers 404 in the error contract; other methods 405", async () => {
    const missing = await http("GET", `${origin()}/docs/nope.md`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
    expect(missing.body.message).toContain("/llms.txt");
    const post = await http("POST", `${origin()}/llms.txt`);
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });
});
