// The README is the front door and the manual is the docs (issue 47): the pages
// the README's topics moved to answer with their Markdown twins and are listed
// in /llms.txt, and the README stays short, every /docs/… link in it served.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { http, origin } from "../helpers/apps";

const README = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");

/** The pages the README's manual moved to, each with a fact it holds (a heading or a name only that topic has). */
const MOVED: { href: string; title: string; holds: string[] }[] = [
  { href: "/docs/settings", title: "Settings", holds: ["DATABASE_URL", "PG_POOL_MAX", "RELAY_LIMIT", "CALLBACKS_PER_HOST_PER_MINUTE", "SANDBOX_SWEEP_BATCH"] },
  { href: "/docs/operator", title: "Operator command line", holds: ["user reset-link --email E", "deliveries wait --app A", "## The links it prints"] },
  { href: "/docs/hosting", title: "Several instances and hosting", holds: ["## Several instances on one database", "## Callback network policy", "## What is bounded, and how"] },
  { href: "/docs/performance", title: "Performance", holds: ["npm run bench", "## Sizing a deployment", "## Goals and how far we are"] },
  { href: "/docs/console", title: "The console", holds: ["## An app's tabs", "Forgot your password?"] },
  { href: "/docs/behaviour", title: "How the sandbox behaves", holds: ["## Checks, in order", "## Faults on purpose", "## Delivery guarantee: at-least-once"] },
];

describe("the manual's pages", () => {
  it("each answers 200 with its Markdown twin, holds its topic, and is listed in /llms.txt", async () => {
    const llms = await http("GET", `${origin()}/llms.txt`);
    expect(llms.status).toBe(200);
    for (const page of MOVED) {
      const [html, md] = await Promise.all([http("GET", `${origin()}${page.href}`), http("GET", `${origin()}${page.href}.md`)]);
      expect([html.status, md.status], page.href).toEqual([200, 200]);
      expect(md.headers.get("content-type"), page.href).toBe("text/markdown; charset=utf-8");
      expect(md.text.split("\n")[0], page.href).toBe(`# ${page.title}`);
      for (const fact of page.holds) expect(md.text, `${page.href}: ${fact}`).toContain(fact);
      expect(llms.text, page.href).toContain(`- [${page.title}](${origin()}${page.href}.md)`);
    }
  });
});

describe("the README", () => {
  it("is a front door of at most 300 lines, with the two commands and a first call", () => {
    expect(README.split("\n").length).toBeLessThanOrEqual(300);
    expect(README).toContain("npm install && npm start");
    expect(README).toContain("npm install && npm test");
    expect(README).toContain("/sandbox/oauth/v1/token");
    expect(README).toContain("/sandbox/collect/v1/push");
  });

  it("links every moved page, and every /docs/… link in it answers 200", async () => {
    const links = [...new Set([...README.matchAll(/(?<![\w/.-])\/docs(?:\/[\w./-]*[\w])?(?:#[\w-]+)?/g)].map((m) => m[0]))];
    for (const page of MOVED) expect(links, page.href).toContain(page.href);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const [pathname, anchor] = link.split("#");
      const r = await http("GET", `${origin()}${pathname}`);
      expect(r.status, link).toBe(200);
      if (anchor) expect(r.text, link).toContain(`id="${anchor}"`);
    }
  });
});
