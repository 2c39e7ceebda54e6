// JSON Schema → TypeScript type text, for the generated clients' types.
import type { JsonSchema } from "@/lib/docs/schema";

const pad = (n: number) => "  ".repeat(n);
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
const union = (parts: string[]) => [...new Set(parts)].join(" | ");

export function tsType(s: JsonSchema, depth = 0): string {
  if ("const" in s) return JSON.stringify(s.const);
  if (s.enum) return union(s.enum.map((v: unknown) => JSON.stringify(v)));
  const options: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
  if (options) return union(options.map((o) => tsType(o, depth)));
  switch (s.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return `${s.items ? wrap(tsType(s.items, depth)) : "unknown"}[]`;
    case "object":
      return objectType(s, depth);
    default:
      return "unknown";
  }
}

const wrap = (t: string) => (t.includes(" | ") ? `(${t})` : t);

function objectType(s: JsonSchema, depth: number): string {
  const required = new Set<string>(s.required ?? []);
  const entries = Object.entries<JsonSchema>(s.properties ?? {});
  if (!entries.length) return "Record<string, unknown>";
  const lines = entries.map(([k, p]) => {
    const doc = p.description ? `${pad(depth + 1)}/** ${String(p.description).replace(/\*\//g, "* /")} */\n` : "";
    return `${doc}${pad(depth + 1)}${key(k)}${required.has(k) ? "" : "?"}: ${tsType(p, depth + 1)};`;
  });
  return `{\n${lines.join("\n")}\n${pad(depth)}}`;
}
