// Every docs page (guides, APIs, operations, developer API groups) with its
// Markdown twin's address, and /llms.txt listing them: the index coding agents
// read. The twins themselves: server/docs-markdown.ts.
import { apis, operations } from "@/lib/catalog";
import { config } from "@/lib/runtime";
import { DEV_GROUPS, devGroupHref } from "./dev-groups";
import { GUIDES } from "./guides";
import { apiHref, opHref } from "./urls";

export type DocsPage = { href: string; title: string; section: string; summary: string; md: string };

/** A page's Markdown twin: `/docs/<page>.md`; the overview's is /docs/index.md. */
export const mdHref = (href: string) => (href === "/docs" ? "/docs/index.md" : `${href}.md`);

const page = (href: string, title: string, section: string, summary: string): DocsPage => ({ href, title, section, summary, md: mdHref(href) });

/** Every docs page, in the sidebar's order. */
export function docsPages(): DocsPage[] {
  return [
    ...GUIDES.map((g) => page(g.href, g.label, "Guides", "")),
    ...apis.flatMap((a) => [
      page(apiHref(a), `${a.name} API`, "API reference", a.description),
      ...operations.filter((o) => o.api === a.id).map((o) => page(opHref(o), o.summary, "API reference", `${o.method} ${o.path}`)),
    ]),
    ...DEV_GROUPS.map((g) => page(devGroupHref(g), g.title, "Developer API", g.intro)),
  ];
}

/** The docs page whose twin is at `mdPath`, if any. */
export const pageOfMarkdown = (mdPath: string) => docsPages().find((p) => p.md === mdPath);

/** /llms.txt (llmstxt.org): the portal, then every docs page as a link to its Markdown twin. */
export function llmsTxt(): string {
  const base = config.publicUrl;
  const sections = new Map<string, DocsPage[]>();
  for (const p of docsPages()) sections.set(p.section, [...(sections.get(p.section) ?? []), p]);
  return [
    "# Svc Sandbox",
    "",
    "> The payments gateway's sandbox: Collect (payment prompts), Payouts, Identity and Messaging APIs with scripted outcomes and real callbacks, " +
      "a developer API and MCP tools. Every docs page below is also served as Markdown at its address plus `.md`.",
    "",
    `Gateway base URL: ${base}/sandbox. OpenAPI, Postman and client packages: linked from each API's page.`,
    ...[...sections].flatMap(([name, pages]) => ["", `## ${name}`, "", ...pages.map((p) => `- [${p.title}](${base}${p.md})${p.summary ? `: ${p.summary}` : ""}`)]),
    "",
  ].join("\n");
}
