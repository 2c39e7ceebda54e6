// Test numbers (lib/catalog/dev-endpoints/test-number-endpoints.ts for the shapes): what the API,
// MCP, the console and the operator command line call. Stored as JSON on the
// app row; the gateway reads them with the token (lib/gateway/store/) and
// the engine applies them (lib/engine/select.ts).
import { operationById, type Operation } from "@/lib/catalog";
import { TEST_NUMBERS_PER_APP, testNumberInputSchema, testNumbersOf } from "@/lib/catalog/dev-endpoints";
import { db } from "@/lib/db/prisma";
import { magicValue, type TestNumber } from "@/lib/engine";
import { ApiError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { withAppLock } from "@/lib/services/apps";
import { parseOrThrow } from "@/lib/validation";

const invalid = (field: string, message: string) => new ApiError("VALIDATION_ERROR", message, {}, [{ field, message }]);

async function stored(appId: string): Promise<string> {
  const app = await db.app.findUnique({ where: { id: appId }, select: { testNumbers: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  return app.testNumbers;
}

export async function listTestNumbers(appId: string): Promise<{ testNumbers: TestNumber[] }> {
  return { testNumbers: testNumbersOf(await stored(appId)) };
}

/**
 * Read, change, write in one transaction that first takes the app row's write
 * lock (a no-op update: PostgreSQL locks the row, SQLite the database), so
 * changes at the same time queue up and none is lost.
 */
async function change(appId: string, edit: (list: TestNumber[]) => TestNumber[]): Promise<{ testNumbers: TestNumber[] }> {
  return withAppLock(appId, async (tx) => {
    const app = await tx.app.findUniqueOrThrow({ where: { id: appId }, select: { testNumbers: true } });
    const next = edit(testNumbersOf(app.testNumbers));
    await tx.app.update({ where: { id: appId }, data: { testNumbers: JSON.stringify(next) } });
    return { testNumbers: next };
  });
}

type Rule = { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; code?: string; expected?: string }[] } } };

/** `phoneNumber`, `body.phoneNumber` or `path.checkoutId` → where it is, checked against the operation. */
function fieldOf(op: Operation, name: string): { field: TestNumber["field"]; rule: Rule } {
  const m = /^(?:(body|path)\.)?(\w+)$/.exec(name);
  const where = m?.[1];
  const key = m?.[2] ?? "";
  const body = op.body?.shape as Record<string, never> | undefined;
  const params = op.params.shape as Record<string, never>;
  if (where !== "path" && body && Object.hasOwn(body, key)) return { field: `body.${key}`, rule: body[key] };
  if (where !== "body" && Object.hasOwn(params, key)) return { field: `path.${key}`, rule: params[key] };
  const names = [...Object.keys(body ?? {}).map((k) => `body.${k}`), ...Object.keys(params).map((k) => `path.${k}`)];
  throw invalid("field", `field must be a body field or path parameter of ${op.id}: ${names.join(", ")}`);
}

/**
 * A test number never relaxes validation: its value must follow the field's
 * rule (as text, or as a number), unless it is a magic value of that field.
 * Answers the value as a call's field will read as text (`1500.0` → `1500` for a number field).
 */
function checkValue(op: Operation, field: TestNumber["field"], rule: Rule, value: string): string {
  if (magicValue(op, field, value) !== undefined) return value; // the engine lets it through whatever the rule says
  const asText = rule.safeParse(value) as { success: boolean; data?: unknown; error?: { issues: { message: string; code?: string; expected?: string }[] } };
  // Stored as validation reads it (`0100` → `100` on a number field), which is what a call is compared with.
  if (asText.success) return typeof asText.data === "string" || typeof asText.data === "number" ? String(asText.data) : value;
  if (value.trim() !== "" && Number.isFinite(Number(value)) && rule.safeParse(Number(value)).success) return String(Number(value));
  const issue = asText.error?.issues[0];
  if (issue?.code === "invalid_type" && (issue.expected === "object" || issue.expected === "array")) {
    throw invalid("field", `field ${field} holds an ${issue.expected}: a test number matches a field of text or a number`);
  }
  const why = issue?.message ?? "it breaks the field's rule";
  throw invalid("value", `value ${JSON.stringify(value)} is not a valid ${field}: ${why}`);
}

/**
 * Adds one test number; answers the app's list. One with the same operation,
 * field and value is never replaced: CONFLICT (409), naming the one that exists
 * (remove it first to pick another scenario).
 */
export async function addTestNumber(appId: string, input: unknown): Promise<{ testNumbers: TestNumber[] }> {
  const p = parseOrThrow(testNumberInputSchema, input);
  const op = operationById(p.operationId);
  if (!op) throw invalid("operationId", `operationId must be an operation of the catalog, e.g. collect.push; not ${p.operationId}`);
  const scenario = op.scenarios.find((s) => s.key === p.scenario);
  if (!scenario) throw invalid("scenario", `scenario must be one of ${op.id}'s: ${op.scenarios.map((s) => s.key).join(", ")}`);
  const { field, rule } = fieldOf(op, p.field);
  const value = checkValue(op, field, rule, String(p.value).trim());
  const rule_: TestNumber = { id: `tn_${randomBase62(12)}`, operationId: op.id, field, value, scenarioKey: scenario.key };
  return change(appId, (list) => {
    const taken = list.find((n) => n.operationId === op.id && n.field === field && n.value === value);
    if (taken) {
      const message = `${field} = ${value} of ${op.id} already runs ${taken.scenarioKey} (test number ${taken.id}); remove it first to run another scenario`;
      throw new ApiError("CONFLICT", message, {}, [{ field: "value", message }]);
    }
    if (list.length >= TEST_NUMBERS_PER_APP) throw new ApiError("CONFLICT", `an app has at most ${TEST_NUMBERS_PER_APP} test numbers; remove one first`);
    return [...list, rule_];
  });
}

/** Removes test numbers by id, or every one with this value; NOT_FOUND when none matched. */
export async function removeTestNumber(appId: string, which: { id?: string; value?: string }): Promise<{ testNumbers: TestNumber[] }> {
  const hit = (n: TestNumber) => (which.id !== undefined ? n.id === which.id : n.value === String(which.value ?? "").trim());
  return change(appId, (list) => {
    if (!list.some(hit)) throw new ApiError("NOT_FOUND", which.id !== undefined ? `the app has no test number ${which.id}` : `the app has no test number with value ${which.value}`);
    return list.filter((n) => !hit(n));
  });
}
