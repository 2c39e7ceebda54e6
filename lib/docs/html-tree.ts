// A small HTML reader for the docs' own server-rendered pages (React's output:
// well-formed, attributes quoted), for their Markdown twins (markdown.ts). Not
// a general HTML parser: no implied end tags beyond the void elements.

export type HtmlNode = { tag: string; attrs: Record<string, string>; children: (HtmlNode | string)[] };

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** Elements whose text is not content. */
const RAW = new Set(["script", "style", "template"]);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", hellip: "…", mdash: "—", ndash: "–", rarr: "→", larr: "←" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === "#") {
      const n = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[e.toLowerCase()] ?? whole;
  });
}

function readAttrs(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** The document as a tree under a root node (tag ""); comments dropped. */
export function parseHtml(html: string): HtmlNode {
  const root: HtmlNode = { tag: "", attrs: {}, children: [] };
  const stack = [root];
  const tagRe = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/gi;
  let at = 0;
  for (let m = tagRe.exec(html); m; m = tagRe.exec(html)) {
    const top = stack[stack.length - 1]!;
    if (m.index > at) top.children.push(decodeEntities(html.slice(at, m.index)));
    at = tagRe.lastIndex;
    const [whole, closing, rawTag, attrText, selfClosing] = m;
    if (!rawTag) continue; // comment or doctype
    const tag = rawTag.toLowerCase();
    if (closing) {
      const i = stack.map((n) => n.tag).lastIndexOf(tag);
      if (i > 0) stack.length = i;
      continue;
    }
    const node: HtmlNode = { tag, attrs: readAttrs(attrText ?? ""), children: [] };
    top.children.push(node);
    if (RAW.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, at);
      at = end < 0 ? html.length : html.indexOf(">", end) + 1;
      tagRe.lastIndex = at;
    } else if (!VOID.has(tag) && !selfClosing && !whole.endsWith("/>")) stack.push(node);
  }
  if (at < html.length) stack[stack.length - 1]!.children.push(decodeEntities(html.slice(at)));
  return root;
}

/** The first element (depth first) that `match` accepts. */
export function findNode(node: HtmlNode, match: (n: HtmlNode) => boolean): HtmlNode | undefined {
  for (const c of node.children) {
    if (typeof c === "string") continue;
    if (match(c)) return c;
    const found = findNode(c, match);
    if (found) return found;
  }
  return undefined;
}

/** An element's text, as written (whitespace kept). */
export const textOf = (node: HtmlNode | string): string => (typeof node === "string" ? node : node.children.map(textOf).join(""));
