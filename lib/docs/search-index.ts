// The docs search's index: one entry per guide page and heading, API,
// operation, request and answer field, scenario, resultCode, error code and
// developer API page and endpoint, built from the catalog, lib/errors.ts and the guides'
// own headings (guides.ts). Served as JSON at /docs/search.json and searched
// in the browser (components/docs/search-match.ts).
import { apis, operations, type Operation } from "@/lib/catalog";
import { devEndpoints } from "@/lib/catalog/dev-endpoints";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { DEV_GROUPS, DEV_SECTIONS, devGroupHref, devHref } from "./dev-groups";
import { errorAnchor, scenarioAnchor } from "./anchors";
import { errorTables, tokenCodes } from "./errors";
import { ERROR_TEXT } from "./error-text";
import { fieldRows } from "./fields";
import { GUIDES, guideHeadings } from "./guides";
import { requestSchema, responseSchema } from "./schema";
import { apiHref, opHref } from "./urls";

export type SearchKind = "guide" | "section" | "api" | "operation" | "field" | "scenario" | "result code" | "error code" | "endpoint";
/** `code`: the exact token a reader may type (a resultCode, an error code, a scenario key, a field name). */
export type SearchEntry = { title: string; kind: SearchKind; href: string; text: string; code?: string };

function guideEntries(): SearchEntry[] {
  return GUIDES.flatMap((g) => [
    { title: g.label, kind: "guide" as const, href: g.href, text: "Guide" },
    ...guideHeadings(g).map((h) => ({ title: h.text, kind: "section" as const, href: `${g.href}#${h.id}`, text: g.label })),
  ]);
}

function fieldEntries(op: Operation): SearchEntry[] {
  const where = (rows: ReturnType<typeof fieldRows>, part: string, anchor: string) =>
    rows.filter((r) => r.type !== "object").map((r) => ({
      title: r.name, kind: "field" as const, href: `${opHref(op)}#${anchor}`, code: r.name,
      text: `${op.summary} · ${part} · ${r.type}${r.description ? ` · ${r.description}` : ""}`,
    }));
  const answers = Object.entries(op.responses).filter(([status]) => Number(status) < 300);
  return [
    ...(op.body ? where(fieldRows(requestSchema(op)), "request body", "request") : []),
    ...answers.flatMap(([status, r]) => where(fieldRows(responseSchema(r.schema)), `${status} answer`, "responses")),
    ...(op.callback ? where(fieldRows(responseSchema(op.callback.schema)), "callback body", "callback") : []),
  ];
}

function operationEntries(op: Operation): SearchEntry[] {
  const scenarios = op.scenarios.flatMap((s): SearchEntry[] => {
    const href = `${opHref(op)}#${scenarioAnchor(s)}`;
    const o = s.outcome as { resultCode?: number; resultDescription?: string };
    const code = typeof o.resultCode === "number" ? String(o.resultCode) : undefined;
    return [
      { title: s.key, kind: "scenario", href, code: s.key, text: `${op.summary} · ${s.status} · ${s.summary}${code ? ` · resultCode ${code}` : ""}` },
      ...(code && code !== "0" ? [{ title: `resultCode ${code} · ${s.key}`, kind: "result code" as const, href, code, text: `${op.summary} · ${o.resultDescription ?? s.summary}` }] : []),
    ];
  });
  return [
    { title: op.summary, kind: "operation", href: opHref(op), text: `${op.method} ${op.path} · ${op.description}` },
    ...scenarios,
    ...fieldEntries(op),
  ];
}

function errorEntries(): SearchEntry[] {
  const anchored = new Set(errorTables().flatMap((t) => t.rows.filter((_r, i) => t.anchored[i]).map((r) => r.code)));
  const token = new Set(tokenCodes().map((r) => r.code));
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((c) => ERROR_TEXT[c]).map((c) => ({
    title: c, kind: "error code" as const, code: c, text: `${ERROR_STATUS[c]} · ${ERROR_TEXT[c]}`,
    href: anchored.has(c) ? `/docs/errors#${errorAnchor(c)}` : token.has(c) ? "/docs/authentication#token-errors" : "/docs/errors",
  }));
}

let built: SearchEntry[] | undefined;

/** Every entry, built once per process (the catalog and the pages do not change while it runs). */
export function searchIndex(): SearchEntry[] {
  built ??= [
    ...guideEntries(),
    ...apis.map((a) => ({ title: `${a.name} API`, kind: "api" as const, href: apiHref(a), text: `v${a.version} · ${a.description}` })),
    ...operations.flatMap(operationEntries),
    ...errorEntries(),
    ...DEV_GROUPS.map((g) => ({ title: g.title, kind: "guide" as const, href: devGroupHref(g), text: `Developer API · ${g.intro}` })),
    ...DEV_SECTIONS.map((s) => ({ title: s.text, kind: "section" as const, href: `/docs/dev/${s.group}#${s.id}`, text: "Developer API" })),
    ...devEndpoints.map((e) => ({ title: e.summary, kind: "endpoint" as const, href: devHref(e), code: e.path, text: `${e.method} ${e.path}` })),
  ];
  return built;
}
