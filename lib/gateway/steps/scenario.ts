import { run, SCENARIO_HEADER } from "@/lib/engine";
import { newId, newReceipt } from "@/lib/ids";
import type { Step } from "../context";

/** Runs the engine with the app's test numbers and the call's time scale. MCP passes the scenario as a tool argument, carried in the same header. */
export const runScenario: Step = (s) => {
  s.answer = run(s.op!, s.input!, s.facts!, s.call.headers.get(SCENARIO_HEADER), {
    now: s.receivedAt,
    requestId: s.requestId,
    newId,
    newReceipt,
    defaultCallbackUrl: s.app!.callbackUrl,
    timeScale: s.timeScale,
    testNumbers: s.app!.testNumbers,
  });
};
