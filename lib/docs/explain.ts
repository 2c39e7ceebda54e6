// What the console shows next to an error code or a resultCode: its meaning,
// what to do, and where the docs say more. Built from the docs' own words
// (ERROR_TEXT) and the catalog's scenarios, never retyped.
import { operations } from "@/lib/catalog";
import type { ErrorCode } from "@/lib/errors";
import { ERROR_TEXT } from "./error-text";
import { scenarioAnchor } from "./anchors";
import { opHref } from "./urls";

export type Explanation = { meaning: string; todo: string; href: string };
export type Explanations = { errors: Record<string, Explanation>; resultCodes: Record<string, Explanation> };

const TODO: Partial<Record<ErrorCode, string>> = {
  MISSING_TOKEN: "Send Authorization: Bearer <token> from the token endpoint.",
  INVALID_TOKEN: "Fetch a new token with an active key pair (tokens last one hour).",
  APP_SUSPENDED: "Ask the sandbox operators why; calls work again once they resume the app.",
  NO_SUCH_OPERATION: "Check the method and path against the API reference.",
  NOT_SUBSCRIBED: "Add the group on the app's Subscriptions tab.",
  SUBSCRIPTION_PENDING: "Wait for an operator's review; the Subscriptions tab shows its state.",
  RATE_LIMITED: "Wait until the next minute (retry-after), or spread your calls out.",
  INVALID_BODY: "Send a JSON object with content-type: application/json.",
  BODY_TOO_LARGE: "Send a smaller body.",
  VALIDATION_ERROR: "Fix every field the message (and details) names, then send again.",
  INVALID_PHONE_NUMBER: "Use a number that can receive prompts (not the reserved invalid one).",
  NOT_FOUND: "Query an id your app created; ids from other apps are unknown here.",
  DUPLICATE_REFERENCE: "If this was a retry of a call whose answer you lost, the first one went through: wait for its callback or read its status, never send it again with another reference. A new payment needs a new reference; a Collect prompt that FAILED frees its own.",
  INVALID_ID_NUMBER: "Send a well-formed id number.",
  SENDER_ID_NOT_REGISTERED: "Use a registered sender id.",
};

export function explanations(): Explanations {
  const errors: Record<string, Explanation> = {};
  for (const [code, meaning] of Object.entries(ERROR_TEXT)) {
    errors[code] = { meaning, todo: TODO[code as ErrorCode] ?? "See the error reference.", href: "/docs/errors" };
  }
  const resultCodes: Record<string, Explanation> = {};
  for (const op of operations) {
    for (const s of op.scenarios) {
      const o = s.outcome as { resultCode?: number; resultDescription?: string };
      if (typeof o.resultCode !== "number" || !o.resultDescription || resultCodes[o.resultCode]) continue;
      resultCodes[o.resultCode] = {
        meaning: o.resultDescription,
        todo: o.resultCode === 0 ? "Nothing: it succeeded." : `${s.summary} In the sandbox this is the "${s.key}" scenario; the docs show what triggers it.`,
        href: `${opHref(op)}#${scenarioAnchor(s)}`,
      };
    }
  }
  return { errors, resultCodes };
}
