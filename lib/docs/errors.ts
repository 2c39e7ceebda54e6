// The errors page's data. The order of checks and the codes each step answers
// are read from the STEPS list of lib/gateway/pipeline.ts (one entry and one
// comment per step), statuses from ERROR_STATUS (lib/errors.ts): nothing retyped.
import fs from "node:fs";
import path from "node:path";
import { operations } from "@/lib/catalog";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { isErrorOutcome } from "@/lib/engine";
import { ERROR_TEXT } from "./error-text";

export type CheckStep = { step: string; note: string; codes: ErrorCode[] };
export type CodeRow = { code: ErrorCode; status: number; condition: string };

const isCode = (w: string): w is ErrorCode => w in ERROR_STATUS;

/** Parses `  stepName, // CODE_A, CODE_B` lines of the STEPS array. */
export function parseSteps(source: string): CheckStep[] {
  const block = /export const STEPS[^=]*=\s*\[([\s\S]*?)\];/.exec(source)?.[1];
  if (!block) throw new Error("STEPS not found in lib/gateway/pipeline.ts");
  return [...block.matchAll(/^\s*(\w+),\s*\/\/\s*(.*)$/gm)].map(([, step, note]): CheckStep => {
    const words: string[] = note!.match(/\b[A-Z][A-Z_]+\b/g) ?? [];
    return { step: step!, note: note!.trim(), codes: words.filter(isCode) };
  });
}

export function checkOrder(root = process.cwd()): CheckStep[] {
  return parseSteps(fs.readFileSync(path.join(root, "lib", "gateway", "pipeline.ts"), "utf8"));
}

const row = (code: ErrorCode): CodeRow => ({ code, status: ERROR_STATUS[code], condition: ERROR_TEXT[code] ?? "" });

/** Codes of the gateway's checks, in the order they run. */
export const gatewayCodes = (steps = checkOrder()): CodeRow[] => steps.flatMap((s) => s.codes).map(row);

/** Codes the scenarios answer (API-level errors), each once. */
export function scenarioCodes(): CodeRow[] {
  const codes = operations.flatMap((op) => op.scenarios.map((s) => s.outcome)).filter(isErrorOutcome).map((o) => o.error);
  return [...new Set([...codes, "NOT_FOUND" as const])].map(row);
}

export const tokenCodes = (): CodeRow[] => (["INVALID_CLIENT", "UNSUPPORTED_GRANT_TYPE", "RATE_LIMITED"] as const).map(row);

/** The error codes one operation can answer after the gateway checks. */
export function operationCodes(opId: string): CodeRow[] {
  const op = operations.find((o) => o.id === opId)!;
  const input: ErrorCode[] = op.body ? ["INVALID_BODY", "BODY_TOO_LARGE", "VALIDATION_ERROR"] : ["VALIDATION_ERROR"];
  const scenario = op.scenarios.map((s) => s.outcome).filter(isErrorOutcome).map((o) => o.error);
  if (op.scenarios.some((s) => (s.outcome as { live?: boolean }).live)) scenario.push("NOT_FOUND");
  return [...new Set([...input, ...scenario])].map(row);
}
