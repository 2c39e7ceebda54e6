// Property over HTTP: no body shape, on any operation, gets a 5xx from the real server.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { operationById } from "@/lib/catalog";
import { setPerMinute } from "@/lib/services/apps";
import { newApp, type TestApp } from "../helpers/apps";
import { bodyText, postOperations } from "../helpers/arbitraries";

let a: TestApp;
beforeAll(async () => {
  a = await newApp();
  await setPerMinute(a.appId, 100_000);
});

describe.concurrent.each(postOperations)("%s over HTTP", (opId) => {
  it("never answers 5xx; every error has the error body", async () => {
    const op = operationById(opId)!;
    await fc.assert(
      fc.asyncProperty(bodyText(opId), async (text) => {
        const r = await a.call(op.method, op.path, text, { "x-svc-scenario": "none" });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) {
          const { details, ...rest } = r.body as { details?: unknown };
          expect(rest).toEqual({ error: expect.any(String), message: expect.any(String), requestId: expect.any(String) });
          // VALIDATION_ERROR lists every invalid field, each named in the message
          if (details !== undefined) {
            expect(r.body.error).toBe("VALIDATION_ERROR");
            expect(details).toEqual(expect.arrayContaining([{ field: expect.any(String), message: expect.any(String) }]));
            for (const d of details as { field: string }[]) expect(r.body.message).toContain(d.field);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
