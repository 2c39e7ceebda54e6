// Names derived from operation ids, shared by the OpenAPI components and the
// generated clients so both call the same thing the same name.
import type { Operation } from "@/lib/catalog";
import type { DevEndpoint } from "@/lib/catalog/dev-endpoints";
import { errorBodySchema } from "@/lib/catalog/schemas/common";

export const pascal = (s: string) => s.replace(/(^|[._-])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
export const camel = (s: string) => s.replace(/[._-](\w)/g, (_m, c: string) => c.toUpperCase());

/** collect.push + "Request" → CollectPushRequest */
export const typeName = (op: Operation, suffix: string) => `${pascal(op.id)}${suffix}`;

/** dev.callbacks.wait → devCallbacksWait, dev.test_numbers.list → devTestNumbersList */
export const devOperationId = (e: DevEndpoint) => e.id.replace(/[._](\w)/g, (_m, c: string) => c.toUpperCase());
/** A developer endpoint's schema names (OpenAPI components, the generated clients' models): dev.float.set + "Request" → DevFloatSetRequest */
export const devTypeName = (e: DevEndpoint, suffix: string) => devOperationId(e).replace(/^./, (c) => c.toUpperCase()) + suffix;

/** The operation's success answers (status below 300), in status order. */
export const successResponses = (op: Operation) =>
  Object.entries(op.responses).filter(([status, r]) => Number(status) < 300 && r.schema !== errorBodySchema).map(([status, r]) => ({ status: Number(status), ...r }));

/** CollectPushResponse (or CollectPushResponse202 when an operation has several success statuses). */
export const responseName = (op: Operation, status: number) =>
  typeName(op, successResponses(op).length > 1 ? `Response${status}` : "Response");
