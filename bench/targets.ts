// The two calls every target is loaded with: Collect push (a fresh reference
// each) and status. The same bodies and headers go to the anchors, under their
// own path prefix; they ignore the headers only we read.
import { operationById } from "@/lib/catalog";
import { TIME_SCALE_HEADER } from "@/lib/engine";
import type { Target } from "./load";

function scenario(opId: string, key: string) {
  const s = operationById(opId)?.scenarios.find((x) => x.key === key);
  if (!s) throw new Error(`no scenario ${opId}/${key} in the catalog`);
  return s;
}
export const completed = scenario("collect.status", "completed");
export const paid = scenario("collect.push", "paid");

let seq = 0;
const runTag = Date.now().toString(36);

export type Calls = { status: Target; push: (callbackUrl: string) => Target };

/**
 * Push and status on a server whose operations sit under `prefix` (/sandbox for
 * us, "" for the anchors). `delayed` false: every call runs at time scale 0
 * (X-Svc-Time-Scale), no scripted delay, and its callback is due at once.
 */
export function calls(prefix: string, token: string, delayed = false): Calls {
  const auth = { authorization: `Bearer ${token}`, ...(delayed ? {} : { [TIME_SCALE_HEADER]: "0" }) };
  return {
    status: {
      route: "status", method: "GET", path: `${prefix}/collect/v1/push/chk_x`,
      headers: { ...auth, "x-svc-scenario": "completed" }, status: completed.status, delayMs: delayed ? completed.delayMs : 0,
    },
    push: (url) => ({
      route: "push", method: "POST", path: `${prefix}/collect/v1/push`,
      headers: { ...auth, "content-type": "application/json" }, status: paid.status, delayMs: delayed ? paid.delayMs : 0,
      body: () => JSON.stringify({
        shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678",
        reference: `B${runTag}${(seq++).toString(36)}`, callbackUrl: url,
      }),
    }),
  };
}
