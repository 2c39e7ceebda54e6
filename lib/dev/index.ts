export { devHandlers } from "./handlers";
export { getDevSettings, updateDevSettings, faultsOf, inspectorModeOf } from "./settings";
export type { DevContext, DevHandler, DevReply, EventSink } from "./types";
export { listTestNumbers, addTestNumber, removeTestNumber } from "./test-numbers";
