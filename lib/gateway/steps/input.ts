import { checkMediaType, parseJsonBody, validateInput } from "@/lib/engine";
import type { Step } from "../context";

/** BODY_TOO_LARGE / UNSUPPORTED_MEDIA_TYPE / INVALID_BODY, then VALIDATION_ERROR naming the field. */
export const parseInput: Step = async (s) => {
  const op = s.op!;
  let body: Record<string, unknown> = {};
  if (op.body) {
    s.rawBody = await s.call.readBody();
    checkMediaType(s.call.headers.get("content-type"), s.rawBody);
    body = parseJsonBody(s.rawBody);
  }
  s.input = validateInput(op, s.params!, body);
};
