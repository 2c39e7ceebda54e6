// The try-it form's values ⇄ a JSON body. Pure, shared by the form and its tests.
import type { FieldRow } from "@/lib/docs/fields";

export type Values = Record<string, string>;

/** Fields a value is typed into: leaves whose variant condition holds. */
export function activeFields(rows: FieldRow[], values: Values): FieldRow[] {
  return rows.filter((r) => r.type !== "object" && (!r.when || values[r.when.field] === r.when.value));
}

export function toBody(rows: FieldRow[], values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const r of activeFields(rows, values)) {
    const raw = values[r.name] ?? "";
    if (raw === "") continue;
    const value = r.integer && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    const path = r.name.split(".");
    let at = body;
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = value;
  }
  return body;
}

export function toValues(body: unknown, prefix = "", out: Values = {}): Values {
  if (body && typeof body === "object" && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body)) {
      if (v && typeof v === "object") toValues(v, `${prefix}${k}.`, out);
      else out[`${prefix}${k}`] = v === null || v === undefined ? "" : String(v);
    }
  }
  return out;
}
