import { ApiError } from "@/lib/errors";
import { groupOf, matchOperation } from "@/lib/catalog";
import type { CallState, Step } from "../context";
import type { CountAhead } from "../store";
import { rateHeaders, windowOf } from "@/lib/engine/rate-window";

/**
 * What the token's read may count ahead of this step (store/types.ts
 * CountAhead): the call's operation's group and its window; none when no
 * operation matches (findOperation refuses it).
 */
export function countAhead(s: CallState): CountAhead | undefined {
  const found = matchOperation(s.call.method, s.call.path);
  return found ? { group: groupOf(found.op).name, window: windowOf(s.receivedAt), now: s.receivedAt } : undefined;
}

/**
 * Counts the call in the app's window (one atomic upsert in the store; past
 * windows are pruned when an app's new window opens, so the table stays one
 * row per active app), unless the token's read counted it already, and
 * refuses it past the app's limit.
 */
export const rateLimit: Step = async (s, store) => {
  const app = s.app!;
  const count = s.counted ?? (await store.countCall(app.id, windowOf(s.receivedAt)));
  Object.assign(s.headers, rateHeaders(app.perMinute, count, s.receivedAt));
  if (count > app.perMinute) {
    throw new ApiError("RATE_LIMITED", `the app made more than ${app.perMinute} calls this minute; wait for the next minute and resend`);
  }
};
