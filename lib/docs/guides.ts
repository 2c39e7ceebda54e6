// The docs' guide pages (the sidebar lists them in this order) and their
// headings, read from each page's source (app/docs/<page>/page.tsx, from the
// working directory like lib/client-gen/core-source.ts), so the headings
// are written once, in the page. Ids are the H2's own or its text's slug,
// as components/docs/prose.tsx gives them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { slug } from "./anchors";

export type Guide = { href: string; label: string };
export type Heading = { id: string; text: string };

export const GUIDES: readonly Guide[] = [
  { href: "/docs", label: "Overview" },
  { href: "/docs/behaviour", label: "How the sandbox behaves" },
  { href: "/docs/console", label: "The console" },
  { href: "/docs/authentication", label: "Authentication" },
  { href: "/docs/errors", label: "Errors" },
  { href: "/docs/limits", label: "Limits" },
  { href: "/docs/teams", label: "Teams" },
  { href: "/docs/callbacks", label: "Callbacks" },
  { href: "/docs/clients", label: "Client packages" },
  { href: "/docs/inspector", label: "Inspector" },
  { href: "/docs/listen", label: "Callbacks on localhost" },
  { href: "/docs/testing", label: "Testing in CI" },
  { href: "/docs/held", label: "Drive a payment by hand" },
  { href: "/docs/rehearse", label: "Rehearse failures" },
  { href: "/docs/mcp", label: "MCP" },
  { href: "/docs/dev", label: "Developer API" },
  { href: "/docs/operations", label: "Run it in production" },
  { href: "/docs/hosting", label: "Several instances and hosting" },
  { href: "/docs/settings", label: "Settings" },
  { href: "/docs/operator", label: "Operator command line" },
  { href: "/docs/performance", label: "Performance" },
];

const H2 = /<H2(?:\s+id="([^"]+)")?\s*>([\s\S]*?)<\/H2>/g;

/** Visible text of a JSX fragment: tags and expressions dropped, entities read. */
const plain = (jsx: string) =>
  jsx.replace(/\{[^}]*\}/g, "").replace(/<[^>]+>/g, "").replace(/&apos;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();

/** The page's H2 headings with text (a heading made only of an expression has none to search). */
export function guideHeadings(guide: Guide, root = process.cwd()): Heading[] {
  const file = join(root, "app", guide.href, "page.tsx");
  if (!existsSync(file)) return []; // run without the sources: the search still has the page itself
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(H2)].flatMap(([, id, inner]) => {
    const text = plain(inner!);
    return text ? [{ id: id ?? slug(text), text }] : [];
  });
}
