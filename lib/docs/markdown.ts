// A docs page as Markdown, from the page itself: the HTML the page renders
// (its <main>) read by html-tree.ts and written as Markdown, so the twin at
// /docs/<page>.md (server/docs-markdown.ts) has the page's content with no
// second copy to keep. Left out: what only works in a browser (navigation,
// forms, buttons, screen-reader-only text) and what a page marks `data-md-skip`
// (the try-it panel).
import { findNode, parseHtml, textOf, type HtmlNode } from "./html-tree";

const DROP = new Set(["nav", "button", "select", "input", "textarea", "label", "svg", "form", "script", "style", "template", "noscript", "img"]);
const BLOCK = new Set([
  "p", "div", "section", "article", "aside", "header", "footer", "main", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li",
  "table", "pre", "blockquote", "details", "summary", "dl", "dt", "dd", "figure", "hr", "fieldset",
]);

/** Phone-only copies of what wider screens show otherwise (a field table's list form): the twin is the wide page. */
const phoneOnly = (cls: string) => /(^|\s)(sm|md|lg):hidden(\s|$)/.test(cls);
const dropped = (n: HtmlNode) =>
  DROP.has(n.tag) || "data-md-skip" in n.attrs || "hidden" in n.attrs || n.attrs["aria-hidden"] === "true" ||
  /(^|\s)sr-only(\s|$)/.test(n.attrs.class ?? "") || phoneOnly(n.attrs.class ?? "");
const isBlock = (c: HtmlNode | string) => typeof c !== "string" && !dropped(c) && (BLOCK.has(c.tag) || c.children.some(isBlock));

/** A code span whose fence is longer than any run of backticks inside. */
function codeSpan(text: string): string {
  const t = text.replace(/\s+/g, " ");
  const longest = Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return longest ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
}

/** Inline Markdown of a node's children, whitespace collapsed; two elements side by side (a badge and a path, a rule and its note) get a space. */
function inline(nodes: (HtmlNode | string)[]): string {
  return nodes.map((c, i): string => (i > 0 && typeof c !== "string" && typeof nodes[i - 1] !== "string" ? " " : "") + inlineOne(c)).join("");
}

function inlineOne(c: HtmlNode | string): string {
  if (typeof c === "string") return c.replace(/[\\*_[\]]/g, (ch) => `\\${ch}`).replace(/\s+/g, " ");
  if (dropped(c)) return "";
  const inner = () => inline(c.children);
  switch (c.tag) {
    case "code": case "kbd": case "samp": return codeSpan(textOf(c));
    case "strong": case "b": { const t = inner().trim(); return t ? `**${t}**` : ""; }
    case "em": case "i": { const t = inner().trim(); return t ? `*${t}*` : ""; }
    case "br": return "  \n";
    case "a": {
      const t = inner().trim();
      const href = c.attrs.href;
      return href && t && !href.startsWith("#") ? `[${t}](${href})` : t;
    }
    default: return inner();
  }
}

const tidy = (s: string) => s.replace(/[ \t]+\n/g, (m) => (m.startsWith("  ") ? m : "\n")).replace(/ {2,}/g, " ").trim();

function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}\n${text.replace(/\n+$/, "")}\n${fence}`;
}

function table(node: HtmlNode): string {
  const rows: HtmlNode[] = [];
  const collect = (n: HtmlNode) => n.children.forEach((c) => typeof c !== "string" && (c.tag === "tr" ? rows.push(c) : collect(c)));
  collect(node);
  const cells = rows.map((r) => r.children.filter((c): c is HtmlNode => typeof c !== "string" && (c.tag === "td" || c.tag === "th"))
    .map((c) => tidy(blocks(c.children).join(" ")).replace(/\n+/g, " ").replace(/\|/g, "\\|")));
  if (!cells.length) return "";
  const width = Math.max(...cells.map((r) => r.length));
  const line = (r: string[]) => `| ${[...r, ...Array(width - r.length).fill("")].join(" | ")} |`;
  const caption = findNode(node, (n) => n.tag === "caption");
  return [caption ? `*${tidy(inline(caption.children))}*\n` : "", line(cells[0]!), `|${" --- |".repeat(width)}`, ...cells.slice(1).map(line)].join("\n").trim();
}

function list(node: HtmlNode): string {
  const items = node.children.filter((c): c is HtmlNode => typeof c !== "string" && c.tag === "li");
  return items.map((li, i) => {
    const mark = node.tag === "ol" ? `${i + 1}. ` : "- ";
    const body = blocks(li.children).join("\n\n").replace(/\n/g, `\n${" ".repeat(mark.length)}`);
    return (mark + body).replace(/^ +$/gm, "");
  }).join("\n");
}

/** One block element as Markdown (empty when it has nothing to say). */
function block(n: HtmlNode): string {
  const heading = /^h([1-6])$/.exec(n.tag);
  if (heading) return `${"#".repeat(Number(heading[1]))} ${tidy(inline(n.children)).replace(/\n/g, " ")}`;
  switch (n.tag) {
    case "pre": return fenced(textOf(n));
    case "table": return table(n);
    case "ul": case "ol": return list(n);
    case "hr": return "---";
    case "blockquote": return blocks(n.children).map((b) => b.replace(/^/gm, "> ")).join("\n>\n");
    case "summary": case "dt": { const t = tidy(inline(n.children)); return t ? `**${t}**` : ""; }
    default: return blocks(n.children).join("\n\n");
  }
}

/** Children as Markdown blocks: block elements each, runs of inline content as paragraphs. */
function blocks(nodes: (HtmlNode | string)[]): string[] {
  const out: string[] = [];
  let run: (HtmlNode | string)[] = [];
  const flush = () => {
    const t = tidy(inline(run));
    if (t) out.push(t);
    run = [];
  };
  for (const c of nodes) {
    if (typeof c !== "string" && dropped(c)) continue;
    if (isBlock(c)) {
      flush();
      const b = block(c as HtmlNode);
      if (b.trim()) out.push(b);
    } else run.push(c);
  }
  flush();
  return out;
}

/** The page's Markdown: its <main> (else its body), written as Markdown. */
export function pageMarkdown(html: string): string {
  const root = parseHtml(html);
  const main = findNode(root, (n) => n.tag === "main") ?? findNode(root, (n) => n.tag === "body") ?? root;
  return `${blocks(main.children).join("\n\n").replace(/\n{3,}/g, "\n\n")}\n`;
}
