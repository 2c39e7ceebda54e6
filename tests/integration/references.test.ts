// References under concurrency: simultaneous calls with the same new
// reference are decided one after the other by the commit (advisory lock on
// PostgreSQL, one write transaction on SQLite): exactly one is accepted, the
// others answer the engine's duplicate scenario. Runs on whichever database the
// suite runs on; several instances: multi-instance.test.ts.
import { describe, expect, it } from "vitest";
import { collectBody, newApp } from "../helpers/apps";

const payout = (reference: string) => ({
  amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference, callbackUrl: "http://127.0.0.1:9/cb",
});
const ROUNDS = 8;
const SAME = 4; // calls per reference, sent at once

describe("same reference, simultaneous calls, one instance", () => {
  it("payouts: per reference exactly one 202, the others 409 DUPLICATE_REFERENCE (x-svc-scenario duplicate)", async () => {
    const a = await newApp({ groups: ["Treasury"] });
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, async (_, i) => {
      const ref = `RACE-${Date.now()}-${i}`;
      return Promise.all(Array.from({ length: SAME }, () => a.call("POST", "/payouts/v1/send", payout(ref), { "x-svc-time-scale": "0" })));
    }));
    for (const replies of rounds) {
      expect(replies.map((r) => r.status).sort()).toEqual([202, ...Array(SAME - 1).fill(409)]);
      for (const r of replies.filter((x) => x.status === 409)) {
        expect(r.body.error).toBe("DUPLICATE_REFERENCE");
        expect(r.headers.get("x-svc-scenario")).toBe("duplicate");
      }
    }
  });

  it("collect: a pending reference is held by exactly one push", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, async (_, i) => {
      const reference = `CRACE-${Date.now()}-${i}`;
      return Promise.all(Array.from({ length: SAME }, () => a.call("POST", "/collect/v1/push", collectBody({ reference, callbackUrl: "http://127.0.0.1:9/cb" }), { "x-svc-time-scale": "0.2" })));
    }));
    for (const replies of rounds) {
      expect(replies.map((r) => r.status).sort()).toEqual([202, ...Array(SAME - 1).fill(409)]);
      for (const r of replies.filter((x) => x.status === 409)) expect(r.body.error).toBe("DUPLICATE_REFERENCE");
    }
  });
});
