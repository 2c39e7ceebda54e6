// Flattens a request JSON Schema into rows for the docs' field tables.
import { DIGIT_STRING_PREFIX } from "@/lib/catalog/schemas/fields";
import type { JsonSchema } from "./schema";

export type FieldRow = {
  name: string;
  type: string;
  required: boolean;
  /** Applies only when another field has this value (a variant of a discriminated union). */
  when?: { field: string; value: string };
  /** The allowed values, when the field is an enum or a discriminator. */
  options?: string[];
  /** Accepts an integer (as a JSON number or a digit string). */
  integer: boolean;
  constraints: string[];
  description?: string;
};

const SAFE = Number.MAX_SAFE_INTEGER;
const isDigits = (s: JsonSchema) => s.type === "string" && String(s.pattern ?? "").startsWith(DIGIT_STRING_PREFIX);
/** Magic values (requestSchema) show as a constraint, not as a type. */
const isMagic = (s: JsonSchema) => "x-scenario" in s;

function typeOf(s: JsonSchema): string {
  if ("const" in s) return JSON.stringify(s.const);
  const options: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
  if (options) return [...new Set(options.filter((o) => !isMagic(o)).map(typeOf))].join(" or ");
  if (isDigits(s)) return "digit string";
  if (s.type === "string" && s.format) return `string (${s.format})`;
  return s.type ?? "any";
}

function constraintsOf(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.enum) out.push(`one of ${s.enum.join(", ")}`);
  if (typeof s.minimum === "number" && s.minimum > -SAFE) out.push(`minimum ${s.minimum}`);
  if (typeof s.maximum === "number" && s.maximum < SAFE) out.push(`maximum ${s.maximum}`);
  if (typeof s.minLength === "number" && s.minLength > 0) out.push(s.minLength === 1 ? "not empty" : `min length ${s.minLength}`);
  if (typeof s.maxLength === "number") out.push(`max length ${s.maxLength}`);
  if (s.pattern && !isDigits(s)) out.push(`pattern ${s.pattern}`);
  if (s.format === "date") out.push("YYYY-MM-DD");
  for (const o of s.anyOf ?? []) out.push(...(isMagic(o) ? [`magic value ${JSON.stringify(o.const)} (${o["x-scenario"]})`] : constraintsOf(o)));
  return [...new Set(out)];
}

/** A oneOf of objects told apart by one const property (a discriminated union). */
function discriminator(s: JsonSchema): string | undefined {
  const options: JsonSchema[] | undefined = s.oneOf;
  if (!options?.every((o) => o.type === "object")) return undefined;
  return Object.keys(options[0]!.properties ?? {}).find((k) => options.every((o) => "const" in (o.properties?.[k] ?? {})));
}

export function fieldRows(schema: JsonSchema | undefined, prefix = "", when?: FieldRow["when"]): FieldRow[] {
  if (!schema?.properties) return [];
  const required = new Set<string>(schema.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, p] of Object.entries<JsonSchema>(schema.properties)) {
    const full = `${prefix}${name}`;
    const key = discriminator(p);
    if (key) {
      const values = p.oneOf.map((o: JsonSchema) => o.properties[key].const);
      rows.push({ name: full, type: "object", required: required.has(name), when, constraints: [], description: p.description, integer: false });
      rows.push({ name: `${full}.${key}`, type: "string", required: true, when, constraints: [`one of ${values.join(", ")}`], options: values, integer: false });
      for (const o of p.oneOf as JsonSchema[]) {
        const { [key]: _d, ...rest } = o.properties;
        rows.push(...fieldRows({ ...o, properties: rest }, `${full}.`, { field: `${full}.${key}`, value: String(o.properties[key].const) }));
      }
      continue;
    }
    const integer = p.type === "integer" || (p.anyOf ?? []).some((o: JsonSchema) => o.type === "integer");
    rows.push({ name: full, type: typeOf(p), required: required.has(name), when, constraints: constraintsOf(p), description: p.description, options: p.enum, integer });
    if (p.type === "object") rows.push(...fieldRows(p, `${full}.`, when));
  }
  return rows;
}
