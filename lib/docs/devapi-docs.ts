// What the docs show of the developer endpoints (lib/catalog/dev): field rows
// and curl lines, from the endpoints' own zod schemas.
import type { DevEndpoint } from "@/lib/catalog/dev-endpoints";
import { fieldRows, type FieldRow } from "./fields";
import { jsonSchema, responseSchema } from "./schema";
import { baseUrl } from "./urls";

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export const devAnchor = (e: DevEndpoint) => e.id.replace(/\./g, "-");

export function devInputRows(e: DevEndpoint): { label: string; rows: FieldRow[] }[] {
  return [
    { label: "Path parameters", rows: e.params ? fieldRows(jsonSchema(e.params, "input")) : [] },
    { label: "Query parameters", rows: e.query ? fieldRows(jsonSchema(e.query, "input")) : [] },
    { label: "Request body", rows: e.body ? fieldRows(jsonSchema(e.body, "input")) : [] },
  ].filter((t) => t.rows.length);
}

export const devResponseRows = (e: DevEndpoint): FieldRow[] => (e.stream ? [] : fieldRows(responseSchema(e.response)));

/** A curl line for the endpoint, with `example` as its query (GET) or body. */
export function devCurl(e: DevEndpoint, example: Record<string, unknown> = e.example?.input ?? {}): string {
  const path = e.path.replace(/\{(\w+)\}/g, (_m, n: string) => `<${n}>`);
  const query = e.method === "GET" && Object.keys(example).length ? `?${new URLSearchParams(Object.entries(example).map(([k, v]) => [k, String(v)]))}` : "";
  const lines = [`curl${e.stream ? " -N" : ""} -X ${e.method} ${quote(`${baseUrl()}${path}${query}`)}`, `  -H "Authorization: Bearer $ACCESS_TOKEN"`];
  if (e.method !== "GET") lines.push(`  -H "Content-Type: application/json"`, `  -d ${quote(JSON.stringify(example))}`);
  return lines.join(" \\\n");
}
