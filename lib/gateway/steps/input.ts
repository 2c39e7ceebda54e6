import { parseJsonBody, validateInput } from "@/lib/engine";
import type { Step } from "../context";

/** INVALID_BODY / BODY_TOO_LARGE, then VALIDATION_ERROR naming the field. */
export const parseInput: Step = async (s) => {
  const op = s.op!;
  let body: Record<string, unknown> = {};
  if (op.body) {
    s.rawBody = await s.call.readBody();
    body = parseJsonBody(s.rawBody);
  }
  s.input = validateInput(op, s.params!, body);
};
