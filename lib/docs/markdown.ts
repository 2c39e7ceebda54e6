// A docs page as Markdown, from the page itself: the HTML the page renders
// (its <main>, from its H1 on) written as Markdown by turndown with its GFM
// plugin (tables), so the twin at /docs/<page>.md (server/docs-markdown.ts) has
// the page's content with no second copy to keep. Configured for the docs:
// every code block fenced with its language (the <pre>'s `data-lang`,
// lib/docs/code-language.ts); links to another docs page go to its twin
// (`/docs/limits` → `/docs/limits.md`), links to a heading of the same page
// stay as they are. Left out: what only works in a browser (navigation,
// forms, buttons, screen-reader-only text), what a page marks `data-md-skip`
// (the try-it panel), phone-only copies, and what comes before the H1 (a
// section's label above the title).
import TurndownService from "turndown";
import { tables } from "turndown-plugin-gfm";
import { mdHref, docsPages } from "./pages";

/** Phone-only copies of what wider screens show otherwise (a field table's list form): the twin is the wide page. */
const phoneOnly = (cls: string) => /(^|\s)(sm|md|lg):hidden(\s|$)/.test(cls);
const DROP = new Set(["NAV", "BUTTON", "SELECT", "INPUT", "TEXTAREA", "LABEL", "SVG", "FORM", "SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "IMG"]);

const dropped = (n: HTMLElement) =>
  DROP.has(n.nodeName) || n.hasAttribute("data-md-skip") || n.hasAttribute("hidden") || n.getAttribute("aria-hidden") === "true" ||
  /(^|\s)sr-only(\s|$)/.test(n.getAttribute("class") ?? "") || phoneOnly(n.getAttribute("class") ?? "");

/** A docs page's address (with a fragment or not) as its twin's; any other address as it is. */
function twinHref(href: string): string {
  const [path = "", fragment] = href.split("#", 2);
  if (!path.startsWith("/docs") || !docsPages().some((p) => p.href === path)) return href;
  return `${mdHref(path)}${fragment !== undefined ? `#${fragment}` : ""}`;
}

function converter(): TurndownService {
  const td = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*", strongDelimiter: "**" });
  td.use(tables);
  td.addRule("fencedWithLanguage", {
    filter: (n) => n.nodeName === "PRE",
    replacement: (_content, n) => {
      const el = n as HTMLElement;
      const text = (el.textContent ?? "").replace(/\n+$/, "");
      const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
      const fence = "`".repeat(longest + 1);
      return `\n\n${fence}${el.getAttribute("data-lang") || "text"}\n${text}\n${fence}\n\n`;
    },
  });
  td.addRule("docsLinks", {
    filter: (n) => n.nodeName === "A" && !!(n as HTMLElement).getAttribute("href"),
    replacement: (content, n) => {
      const text = content.trim();
      return text ? `[${text}](${twinHref((n as HTMLElement).getAttribute("href")!)})` : "";
    },
  });
  // A cell's content on one line: a table row is one line of Markdown.
  td.addRule("tableCellOneLine", {
    filter: ["th", "td"],
    replacement: (content, n) => {
      const first = n.parentNode?.firstChild === n;
      return `${first ? "| " : " "}${content.trim().replace(/\s*\n+\s*/g, " ").replace(/\|/g, "\\|")} |`;
    },
  });
  // Added last, so checked first (turndown tries the newest rule first): nothing of what a browser alone uses, whatever its tag.
  td.addRule("browserOnly", { filter: (n) => dropped(n as HTMLElement), replacement: () => "" });
  return td;
}

/** Two inline elements side by side (a method badge and its path, a rule and its note) are apart on the page: a space between them. */
const INLINE = "span|code|a|strong|em|b|i|kbd";
const apart = (html: string) => html.replace(new RegExp(`(</(?:${INLINE})>)(?=<(?:${INLINE})\\b)`, "g"), "$1 ");

let shared: TurndownService | undefined;

/** The page's Markdown: its <main> (else its body) from its first H1, written as Markdown. */
export function pageMarkdown(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  shared ??= converter();
  const md = shared.turndown(apart(main));
  const h1 = md.search(/^# /m);
  return `${(h1 > 0 ? md.slice(h1) : md).replace(/^[ \t]+$/gm, "").replace(/\n{3,}/g, "\n\n").trim()}\n`;
}
