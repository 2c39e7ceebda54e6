export { newDelivery, isHttpUrl, type ScheduledCallback } from "./schedule";
export { deliveryRow } from "./store/deliveries";
export { startDispatcher, stopDispatcher } from "./dispatcher";
export { notifyScheduled } from "./wake";
export { expireHeld, resolveHeld, type ResolveResult, type ResolveVia } from "./held";
export { resendDelivery, sendDeliveryTo } from "./resend";
export { replayFailed, REPLAY_MAX, type ReplayResult } from "./replay";
