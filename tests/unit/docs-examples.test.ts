// The one example body per operation (docs curl, try-it, Postman) is valid
// for its zod schema and reaches the default scenario; the docs' generated
// tables say what the schemas say.
import { describe, expect, it } from "vitest";
import { operations } from "@/lib/catalog";
import { defaultScenario, selectScenario, validateInput } from "@/lib/engine";
import { STEPS } from "@/lib/gateway";
import { ERROR_STATUS } from "@/lib/errors";
import { exampleBody, exampleParams } from "@/lib/docs/doc-examples";
import { checkOrder } from "@/lib/docs/errors";
import { fieldRows } from "@/lib/docs/fields";
import { requestSchema } from "@/lib/docs/schema";
import { curlExample } from "@/lib/docs/curl";
import { postmanCollection } from "@/lib/postman/collection";
import { apiOf } from "@/lib/catalog";
import { toBody, toValues } from "@/components/docs/try-body";

describe.each(operations)("$id", (op) => {
  it("example body and path parameters validate against the zod schemas and pick the default scenario", () => {
    const body = exampleBody(op);
    expect(body === undefined).toBe(op.body === undefined);
    if (op.body) expect(op.body.safeParse(body).success).toBe(true);
    expect(op.params.safeParse(exampleParams(op)).success).toBe(true);
    const input = validateInput(op, exampleParams(op), body ?? {});
    expect(selectScenario(op, input, {}, null).key).toBe(defaultScenario(op).key);
  });

  it("the curl example sends that body", () => {
    const curl = curlExample(op);
    expect(curl).toContain(`-X ${op.method}`);
    if (op.body) expect(curl).toContain(JSON.stringify(exampleBody(op), null, 2));
  });

  it("the Postman request body is the example (with the collection's callback URL and a unique reference)", () => {
    const item = postmanCollection(apiOf(op)).item.find((i) => i.name.includes(`(${op.method} ${op.path})`))!;
    expect(item).toBeDefined();
    if (!op.body) return;
    const raw = JSON.parse((item as { request?: { body: { raw: string } } }).request!.body.raw.replace("{{callbackUrl}}", "https://example.com/callbacks").replace("{{runId}}", "mhk3x9a1zz"));
    expect(op.body.safeParse(raw).success).toBe(true);
    const { callbackUrl: _c, ...rest } = raw;
    const { callbackUrl: _e, ...example } = exampleBody(op)!;
    if (op.referenceField) expect(rest[op.referenceField]).toBe(`${example[op.referenceField]}-mhk3x9a1zz`);
    expect({ ...rest, [op.referenceField ?? "_"]: undefined }).toEqual({ ...example, [op.referenceField ?? "_"]: undefined });
  });

  it("the try-it form's values turn back into the example body", () => {
    const body = exampleBody(op);
    if (!body) return;
    expect(toBody(fieldRows(requestSchema(op)), toValues(body))).toEqual(body);
  });

  it("field rows carry the schema's required fields", () => {
    const schema = requestSchema(op);
    if (!schema) return;
    const required = fieldRows(schema).filter((r) => r.required && !r.name.includes(".")).map((r) => r.name);
    expect(required.sort()).toEqual([...schema.required].sort());
  });
});

it("field rows show constraints from the schemas", () => {
  const rows = fieldRows(requestSchema(operations.find((o) => o.id === "payouts.send")!));
  const by = Object.fromEntries(rows.map((r) => [r.name, r]));
  expect(by.amount!.constraints).toContain("minimum 10");
  expect(by.currency!.options).toEqual(["KES", "TZS", "UGX"]);
  expect(by.reference!.constraints).toContain("max length 32");
  expect(by["destination.bankCode"]).toMatchObject({ required: true, when: { field: "destination.type", value: "bank" } });
});

it("the errors page's check order is the pipeline's", () => {
  const steps = checkOrder();
  expect(steps).toHaveLength(STEPS.length);
  expect(steps.flatMap((s) => s.codes)).toEqual([
    "MISSING_TOKEN", "INVALID_TOKEN", "APP_SUSPENDED", "NO_SUCH_OPERATION", "NOT_SUBSCRIBED", "SUBSCRIPTION_PENDING", "RATE_LIMITED",
    "VALIDATION_ERROR", "INVALID_BODY", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_ERROR",
    "VALIDATION_ERROR", "SERVICE_UNAVAILABLE", "RATE_LIMITED", "INVALID_TOKEN", "INTERNAL_ERROR",
  ]);
  for (const code of steps.flatMap((s) => s.codes)) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
});
