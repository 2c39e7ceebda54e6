// Property: no input shape makes the engine fail other than with an ApiError of status < 500.
import fc from "fast-check";
import { describe, it } from "vitest";
import { operationById } from "@/lib/catalog";
import { simulate } from "@/lib/engine";
import { isApiError } from "@/lib/errors";
import { bodyText, postOperations } from "../helpers/arbitraries";

const ctx = { now: new Date(), requestId: "req_p", newId: (p: string) => `${p}_x`, newReceipt: () => "R", defaultCallbackUrl: null };

describe.each(postOperations)("%s", (opId) => {
  it("answers or refuses with a 4xx for any body", () => {
    const op = operationById(opId)!;
    fc.assert(
      fc.property(bodyText(opId), fc.option(fc.constantFrom(...op.scenarios.map((s) => s.key), "junk")), (text, key) => {
        try {
          const a = simulate(op, { params: {}, bodyText: text, scenarioKey: key }, ctx);
          return a.status < 500;
        } catch (e) {
          return isApiError(e) && e.status < 500;
        }
      }),
      { numRuns: 500 },
    );
  });
});
