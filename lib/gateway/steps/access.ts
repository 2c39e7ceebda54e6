import { apiOf, groupOf, matchOperation } from "@/lib/catalog";
import { allowAt } from "@/lib/catalog/methods";
import { ApiError } from "@/lib/errors";
import type { Step } from "../context";

export const checkSuspended: Step = (s) => {
  if (s.app!.suspended) throw new ApiError("APP_SUSPENDED", "an operator suspended this app");
};

export const findOperation: Step = (s) => {
  const found = matchOperation(s.call.method, s.call.path);
  if (!found) throw new ApiError("NO_SUCH_OPERATION", `no operation is ${s.call.method} ${s.call.path}`, allowAt(s.call.path));
  s.op = found.op;
  s.params = found.params;
};

/** NOT_SUBSCRIBED (no subscription, or a rejected one), then SUBSCRIPTION_PENDING. */
export const checkSubscription: Step = (s) => {
  const group = groupOf(s.op!);
  const sub = s.app!.subscriptions.find((x) => x.group === group.name);
  const api = apiOf(s.op!).name;
  if (!sub || sub.status === "REJECTED") {
    throw new ApiError("NOT_SUBSCRIBED", `the app is not subscribed to the ${group.name} group, which contains the ${api} API`);
  }
  if (sub.status === "PENDING") {
    throw new ApiError("SUBSCRIPTION_PENDING", `the app's subscription to the ${group.name} group waits for an operator's review`);
  }
};
