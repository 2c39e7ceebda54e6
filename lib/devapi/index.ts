export { devHandlers } from "./handlers";
export { getDevSettings, updateDevSettings } from "./settings";
export type { DevContext, DevHandler, DevReply, EventSink } from "./types";
export { waitForCallback, type WaitAnswer } from "./wait";
export { resetApp, type ResetResult } from "./reset";
export { listTestNumbers, addTestNumber, removeTestNumber } from "./test-numbers";
export { runReceiverCheck } from "./receiver-checks";
