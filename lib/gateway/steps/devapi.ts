// The developer endpoints' steps (lib/catalog/dev): after the token and the
// suspension check, find the endpoint, validate its input, run its handler.
import type { z } from "zod";
import { matchDevEndpoint } from "@/lib/catalog/dev-endpoints";
import { allowAt } from "@/lib/catalog/methods";
import { devHandlers } from "@/lib/devapi/handlers";
import { checkMediaType, fieldIssues, parseJsonBody } from "@/lib/engine";
import { ApiError } from "@/lib/errors";
import type { Step } from "../context";
import { refuseFaultHeader } from "../gateway-faults";

export const findDevEndpoint: Step = (s) => {
  const found = matchDevEndpoint(s.call.method, s.call.path);
  if (!found) throw new ApiError("NO_SUCH_OPERATION", `no developer endpoint is ${s.call.method} ${s.call.path}; see /docs/dev`, allowAt(s.call.path));
  s.endpoint = found.endpoint;
  s.params = found.params;
};

function validate(schema: z.ZodType, value: unknown): Record<string, unknown> {
  const r = schema.safeParse(value);
  if (r.success) return r.data as Record<string, unknown>;
  const details = fieldIssues(r.error);
  const text = details.map(({ field, message }) => (message.startsWith(field) || !field ? message : `${field}: ${message}`)).join("; ");
  throw new ApiError("VALIDATION_ERROR", text, {}, details);
}

/** Path parameters, then the query (GET) or the JSON body: VALIDATION_ERROR naming every invalid field. */
export const parseDevInput: Step = async (s) => {
  refuseFaultHeader(s.call.headers, "the developer endpoints");
  const e = s.endpoint!;
  if (e.params) s.params = validate(e.params, s.params) as Record<string, string>;
  if (e.method === "GET") {
    s.devInput = e.query ? validate(e.query, Object.fromEntries(new URLSearchParams(s.call.query ?? ""))) : {};
    return;
  }
  s.rawBody = await s.call.readBody(e.maxBodyBytes);
  checkMediaType(s.call.headers.get("content-type"), s.rawBody);
  const body = parseJsonBody(s.rawBody, e.maxBodyBytes);
  // Before validation, so a refused call's log row does not keep a secret either.
  if (e.redact?.some((k) => k in body)) s.rawBody = JSON.stringify({ ...body, ...Object.fromEntries(e.redact.filter((k) => k in body).map((k) => [k, "[redacted]"])) });
  s.devInput = e.body ? validate(e.body, body) : {};
};

export const runDevEndpoint: Step = async (s) => {
  const handler = devHandlers[s.endpoint!.id];
  if (!handler) throw new Error(`developer endpoint ${s.endpoint!.id} has no handler`);
  const reply = await handler({
    app: s.app!, params: s.params!, input: s.devInput!, requestId: s.requestId, headers: s.call.headers, now: s.receivedAt, via: s.call.via, signal: s.call.signal,
  });
  s.reply = "body" in reply && reply.status === undefined && s.endpoint!.status ? { ...reply, status: s.endpoint!.status } : reply;
};
