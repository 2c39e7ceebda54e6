// Test numbers: per app, "when this field of this operation equals this value,
// run this scenario". The shapes; lib/devapi/test-numbers.ts keeps
// them, lib/engine/select.ts reads them (after X-Svc-Scenario, before the
// catalog's triggers).
import { z } from "zod";
import { hiddenCharsError, isVisibleText } from "@/lib/validation";
import type { TestNumber } from "../types";
import type { DevEndpoint } from "./endpoint";

export const TEST_NUMBERS_PER_APP = 50;
export const TEST_NUMBER_VALUE_MAX = 64;

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).refine(isVisibleText, hiddenCharsError(name))
    .trim().min(1, { error: `${name} must not be empty` }).max(max, { error: `${name} must be at most ${max} characters` });

/** One test number as stored and answered. */
export const testNumberSchema = z.object({
  id: z.string().meta({ description: "The rule's id (`tn_…`): remove it by this id." }),
  operationId: z.string().meta({ description: "The operation it applies to, e.g. `collect.push`." }),
  field: z.string()
    .meta({ description: "`body.<field>` or `path.<parameter>` of the operation, e.g. `body.phoneNumber`." }),
  value: z.string().meta({ description: "The value that picks the scenario, compared as text (`1` and `\"1\"` match)." }),
  scenarioKey: z.string().meta({ description: "The scenario of the operation it runs." }),
});

const storedList = z.array(testNumberSchema);

/** An app row's stored list (JSON text); anything unreadable counts as none. */
export function testNumbersOf(stored: string | null | undefined): TestNumber[] {
  try {
    const r = storedList.safeParse(JSON.parse(stored ?? "[]"));
    return r.success ? (r.data as TestNumber[]) : [];
  } catch {
    return [];
  }
}

/** What adding one takes; lib/devapi/test-numbers.ts checks it against the catalog (operation, field, scenario, the field's rule). */
export const testNumberInputSchema = z.strictObject({
  operationId: text("operationId", 40).meta({ description: "The operation, e.g. `collect.push` (see /docs)." }),
  field: text("field", 80).meta({ description: "A body field or path parameter of the operation: `phoneNumber`, or `body.phoneNumber` / `path.checkoutId`." }),
  value: z.union([text("value", TEST_NUMBER_VALUE_MAX), z.number({ error: "value must be text or a number" })], { error: "value must be text or a number" })
    .meta({ description: `The value (at most ${TEST_NUMBER_VALUE_MAX} characters) that picks the scenario; it must follow the field's own rule.` }),
  scenario: text("scenario", 60).meta({ description: "A scenario key of the operation, e.g. `cancelled`." }),
});
export type TestNumberInput = z.input<typeof testNumberInputSchema>;

export const testNumberListSchema = z.object({ testNumbers: z.array(testNumberSchema) });

const EXAMPLE_TEST_NUMBER = { id: "tn_3kQ8wZr2Lp", operationId: "collect.push", field: "body.phoneNumber", value: "254700000001", scenarioKey: "cancelled" };

export const testNumberEndpoints: DevEndpoint[] = [
  {
    id: "dev.test_numbers.list",
    errors: {},
    method: "GET",
    path: "/dev/v1/test-numbers",
    summary: "List the app's test numbers",
    description:
      "Each test number is a rule: when `field` of `operationId` equals `value`, the call runs `scenarioKey`. " +
      "They rank after the `X-Svc-Scenario` header and before the catalog's magic values and state rules.",
    tool: "sandbox_dev_list_test_numbers",
    response: testNumberListSchema,
    example: { response: { testNumbers: [EXAMPLE_TEST_NUMBER] } },
  },
  {
    id: "dev.test_numbers.add",
    errors: {
      VALIDATION_ERROR: "The operation, field or scenario is not in the catalog, or the value breaks the field's own rule.",
      CONFLICT: "The app has its 50 test numbers already; remove one first.",
    },
    method: "POST",
    path: "/dev/v1/test-numbers",
    summary: "Add a test number",
    description:
      `Adds a rule "when this field of this operation equals this value, run this scenario" (at most ${TEST_NUMBERS_PER_APP} per app). ` +
      "The scenario must belong to the operation, the field must be one of its body fields or path parameters, and the value must " +
      "follow that field's rule (a test number never relaxes validation; magic values still do). A rule with the same operation, field and value " +
      "is never replaced: CONFLICT (409) names it, remove it first. Answers the app's test numbers.",
    tool: "sandbox_dev_add_test_number",
    body: testNumberInputSchema,
    response: testNumberListSchema,
    example: { input: { operationId: "collect.push", field: "phoneNumber", value: "254700000001", scenario: "cancelled" }, response: { testNumbers: [EXAMPLE_TEST_NUMBER] } },
  },
  {
    id: "dev.test_numbers.remove",
    errors: {
      NOT_FOUND: "The app has no test number with that id.",
    },
    method: "DELETE",
    path: "/dev/v1/test-numbers/{id}",
    summary: "Remove a test number",
    description: "Removes the test number with this id; NOT_FOUND when the app has none. Answers the app's test numbers.",
    tool: "sandbox_dev_remove_test_number",
    params: z.object({ id: text("id", 40).meta({ description: "The test number's id (`tn_…`)." }) }),
    response: testNumberListSchema,
    example: { response: { testNumbers: [] } },
  },
];
