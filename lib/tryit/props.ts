import type { Operation } from "@/lib/catalog";
import { exampleBody, exampleParams } from "@/lib/docs/doc-examples";
import { fieldRows } from "@/lib/docs/fields";
import { pathParams, requestSchema } from "@/lib/docs/schema";
import type { TryItProps } from "./types";

/** The try-it panel's form, example and scenario choices, from the catalog and the schemas. */
export function tryItProps(op: Operation): TryItProps {
  const examples = exampleParams(op);
  return {
    opId: op.id,
    fields: fieldRows(requestSchema(op)),
    params: pathParams(op).map((p) => ({ name: p.name, example: examples[p.name] ?? "" })),
    example: exampleBody(op),
    scenarios: op.scenarios.map((s) => ({ key: s.key, status: s.status, label: `${s.key}${s.default ? " (default)" : ""} — ${s.status}` })),
  };
}
