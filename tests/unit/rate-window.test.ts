import { describe, expect, it } from "vitest";
import { rateHeaders, secondsToReset, windowOf } from "@/lib/engine/rate-window";

const at = (iso: string) => new Date(iso);

describe("fixed one-minute windows aligned to the clock", () => {
  it("hh:mm:00.000 to hh:mm:59.999 is one window", () => {
    expect(windowOf(at("2026-11-21T09:30:00.000Z"))).toBe(windowOf(at("2026-11-21T09:30:59.999Z")));
    expect(windowOf(at("2026-11-21T09:31:00.000Z"))).toBe(windowOf(at("2026-11-21T09:30:59.999Z")) + 1);
  });
  it("reset counts whole seconds to the next window", () => {
    expect(secondsToReset(at("2026-11-21T09:30:00.000Z"))).toBe(60);
    expect(secondsToReset(at("2026-11-21T09:30:59.999Z"))).toBe(1);
    expect(secondsToReset(at("2026-11-21T09:30:30.500Z"))).toBe(30);
  });
  it("remaining never goes below zero; retry-after only past the limit", () => {
    const now = at("2026-11-21T09:30:45.000Z");
    expect(rateHeaders(60, 1, now)).toEqual({
      "x-ratelimit-limit": "60", "x-ratelimit-remaining": "59", "x-ratelimit-reset": "15",
      "ratelimit-policy": '"minute";q=60;w=60', ratelimit: '"minute";r=59;t=15',
    });
    expect(rateHeaders(60, 60, now)["x-ratelimit-remaining"]).toBe("0");
    expect(rateHeaders(60, 60, now)["retry-after"]).toBeUndefined();
    expect(rateHeaders(60, 61, now)).toMatchObject({ "x-ratelimit-remaining": "0", "retry-after": "15" });
  });
});
