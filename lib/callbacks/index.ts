export { newDelivery, isHttpUrl, type ScheduledCallback } from "./schedule";
export { notifyScheduled, startDispatcher, stopDispatcher } from "./dispatcher";
export { resendDelivery, sendDeliveryTo } from "./resend";
