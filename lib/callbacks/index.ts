export { newDelivery, isHttpUrl, type ScheduledCallback } from "./schedule";
export { notifyScheduled, startDispatcher, stopDispatcher } from "./dispatcher";
export { resendDelivery, sendDeliveryTo } from "./resend";
export { replayFailed, REPLAY_MAX, type ReplayResult } from "./replay";
