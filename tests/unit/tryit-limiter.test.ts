import { expect, it } from "vitest";
import { WindowLimiter } from "@/lib/tryit/limiter";

it("counts per address in clock-minute windows and refuses past the limit", () => {
  const l = new WindowLimiter(3);
  const t = new Date("2026-11-21T09:30:10.000Z");
  expect([1, 2, 3, 4].map(() => l.hit("a", t).allowed)).toEqual([true, true, true, false]);
  const refused = l.hit("a", t);
  expect(refused.headers).toMatchObject({ "x-ratelimit-limit": "3", "x-ratelimit-remaining": "0", "retry-after": "50" });
  expect(l.hit("b", t).allowed).toBe(true);
  expect(l.hit("a", new Date("2026-11-21T09:31:00.000Z"))).toMatchObject({ allowed: true, headers: { "x-ratelimit-remaining": "2" } });
});

it("remembers at most maxKeys addresses", () => {
  const l = new WindowLimiter(1, 100);
  const t = new Date("2026-11-21T09:30:10.000Z");
  for (let i = 0; i < 1000; i++) l.hit(`addr-${i}`, t);
  expect(l.size).toBeLessThanOrEqual(100);
});
