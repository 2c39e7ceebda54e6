import { parseList } from "structured-headers";
import { describe, expect, it } from "vitest";
import { ownerView } from "../helpers/owner-view";
import { newApp, type TestApp } from "../helpers/sandbox";

/** If the current clock minute ends within `margin` s, wait for the next one, so a burst lands in one window. */
async function freshWindow(a: TestApp, margin = 15) {
  const r = await a.call("GET", "/nowhere"); // refused before the rate check: does not count
  const left = 60 - (new Date().getUTCSeconds());
  if (left < margin) await new Promise((res) => setTimeout(res, left * 1000 + 200));
  return r;
}

describe("rate limit: 60 calls per app per clock minute", () => {
  it("the 61st call in a minute is refused with 429 and retry-after; every call carries the headers", async () => {
    const a = await newApp();
    const b = await newApp();
    await freshWindow(a);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof a.call>> | undefined;
    for (let i = 0; i < 61; i++) {
      last = await a.call("GET", `/identity/v1/verifications/ver_${i}`, undefined, { "x-svc-scenario": "found" });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get("x-ratelimit-limit")).toBe("60");
        expect(last.headers.get("x-ratelimit-remaining")).toBe("59");
        // IETF RateLimit fields, read with an RFC 9651 Structured Fields parser.
        const [policy] = parseList(last.headers.get("ratelimit-policy")!);
        expect(policy![0]).toBe("minute");
        expect(Object.fromEntries(policy![1])).toEqual({ q: 60, w: 60 });
        const [limit] = parseList(last.headers.get("ratelimit")!);
        expect(limit![0]).toBe("minute");
        expect(Object.fromEntries(limit![1])).toEqual({ r: 59, t: Number(last.headers.get("x-ratelimit-reset")) });
      }
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.error).toBe("RATE_LIMITED");
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    const retry = Number(last!.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(last!.headers.get("x-ratelimit-reset")).toBe(String(retry));
    expect(Object.fromEntries(parseList(last!.headers.get("ratelimit")!)[0]![1])).toEqual({ r: 0, t: retry });
    // another app is counted on its own
    expect((await b.call("GET", "/identity/v1/verifications/ver_1")).status).toBe(200);

    // the request log keeps the refused call with its status
    const logged = await (await ownerView(a)).requests();
    expect(logged.filter((l) => l.status === 429)).toHaveLength(1);
    expect(logged.filter((l) => l.status === 200)).toHaveLength(60);
  });

  it("an operator can raise an app's limit", async () => {
    const a = await newApp();
    const { setPerMinute } = await import("@/lib/services/apps");
    await setPerMinute(a.appId, 500);
    const r = await a.call("GET", "/identity/v1/verifications/ver_1");
    expect(r.headers.get("x-ratelimit-limit")).toBe("500");
  });
});
