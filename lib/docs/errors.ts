// The errors page's data. The order of checks and the codes each step answers
// come from CHECKS in lib/gateway/pipeline.ts, statuses from ERROR_STATUS
// (lib/errors.ts): nothing retyped.
import { operations } from "@/lib/catalog";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { isErrorOutcome } from "@/lib/engine";
import { CHECKS } from "@/lib/gateway/pipeline";
import { ERROR_TEXT } from "./error-text";

export type CheckStep = { step: string; note: string; codes: ErrorCode[] };
export type CodeRow = { code: ErrorCode; status: number; condition: string };

export function checkOrder(): CheckStep[] {
  return CHECKS.map((c) => ({ step: c.name, note: c.note, codes: [...c.answers] }));
}

const row = (code: ErrorCode): CodeRow => ({ code, status: ERROR_STATUS[code], condition: ERROR_TEXT[code] ?? "" });

/** Codes of the gateway's checks, in the order they first run (VALIDATION_ERROR: the time-scale header, then the body). */
export const gatewayCodes = (steps = checkOrder()): CodeRow[] => [...new Set(steps.flatMap((s) => s.codes))].map(row);

/** Codes the scenarios answer (API-level errors), each once. */
export function scenarioCodes(): CodeRow[] {
  const codes = operations.flatMap((op) => op.scenarios.map((s) => s.outcome)).filter(isErrorOutcome).map((o) => o.error);
  return [...new Set([...codes, "NOT_FOUND" as const])].map(row);
}

export const tokenCodes = (): CodeRow[] => (["INVALID_CLIENT", "UNSUPPORTED_GRANT_TYPE", "RATE_LIMITED"] as const).map(row);

/** The error codes one operation can answer after the gateway checks. */
export function operationCodes(opId: string): CodeRow[] {
  const op = operations.find((o) => o.id === opId)!;
  const input: ErrorCode[] = op.body ? ["INVALID_BODY", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_ERROR"] : ["VALIDATION_ERROR"];
  const scenario = op.scenarios.map((s) => s.outcome).filter(isErrorOutcome).map((o) => o.error);
  if (op.scenarios.some((s) => (s.outcome as { live?: boolean }).live)) scenario.push("NOT_FOUND");
  return [...new Set([...input, ...scenario])].map(row);
}

/** Codes any call may answer when the failure is the portal's, not the call's. */
export const serverCodes = (): CodeRow[] => (["INTERNAL_ERROR", "SERVICE_UNAVAILABLE"] as const).map(row);

/** Codes of the console's own JSON routes that an integrator may meet (the rest are the portal's usual 401/403/404/409). */
export const consoleCodes = (): CodeRow[] => (["EMAIL_NOT_VERIFIED"] as const).map(row);

/** The errors page's tables, each code anchored once (on its first row, lib/docs/anchors.ts). */
export function errorTables(steps = checkOrder()): { label: string; rows: CodeRow[]; anchored: boolean[] }[] {
  const seen = new Set<string>();
  const table = (label: string, rows: CodeRow[]) => ({ label, rows, anchored: rows.map((r) => !seen.has(r.code) && !!seen.add(r.code)) });
  return [table("Gateway errors", gatewayCodes(steps)), table("API errors", scenarioCodes()), table("Server errors", serverCodes()), table("Console errors", consoleCodes())];
}
