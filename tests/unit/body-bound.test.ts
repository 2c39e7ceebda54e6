// The one bound every request body meets where it enters (lib/http/body-bound.ts)
// is at least what each route's own reader takes: a route never loses a body
// its own limit allows.
import { expect, it } from "vitest";
import { devEndpoints } from "@/lib/catalog/dev-endpoints";
import { MAX_BODY_BYTES } from "@/lib/engine";
import { MAX_REQUEST_BODY } from "@/lib/http/body-bound";
import { INSPECTOR_MAX_BODY } from "@/lib/inspector";

it("MAX_REQUEST_BODY covers every route's own limit: gateway, developer endpoints, inspector (the console's is the bound itself: lib/auth/route.ts)", () => {
  const limits = { gateway: MAX_BODY_BYTES, inspector: INSPECTOR_MAX_BODY, ...Object.fromEntries(devEndpoints.map((e) => [`${e.method} ${e.path}`, e.maxBodyBytes ?? MAX_BODY_BYTES])) };
  const over = Object.entries(limits).filter(([, limit]) => limit > MAX_REQUEST_BODY);
  expect(over).toEqual([]);
  // The bound is the largest of them: nothing takes more, so nothing more is read.
  expect(Math.max(...Object.values(limits))).toBe(MAX_REQUEST_BODY);
});
