import type { Operation } from "@/lib/catalog";
import type { RecentResource } from "@/lib/activity/recent-resources";
import { exampleBody, exampleParams } from "@/lib/docs/doc-examples";
import { fieldRows } from "@/lib/docs/fields";
import { pathParams, requestSchema } from "@/lib/docs/schema";
import type { TryItProps } from "./types";

/**
 * The try-it panel's form, example and scenario choices, from the catalog and
 * the schemas; the resource id of a status operation is the reader's app's
 * newest one (`recent`, newest first), with the others as a menu, else the example.
 */
export function tryItProps(op: Operation, recent: RecentResource[] = []): TryItProps {
  const examples = exampleParams(op);
  const idField = op.resource.idField;
  return {
    opId: op.id,
    fields: fieldRows(requestSchema(op)),
    params: pathParams(op).map((p) => ({
      name: p.name,
      example: (p.name === idField ? recent[0]?.id : undefined) ?? examples[p.name] ?? "",
      ...(p.name === idField && recent.length > 0 ? { recent } : {}),
    })),
    example: exampleBody(op),
    scenarios: op.scenarios.map((s) => ({ key: s.key, status: s.status, label: `${s.key}${s.default ? " (default)" : ""} — ${s.status}` })),
  };
}
