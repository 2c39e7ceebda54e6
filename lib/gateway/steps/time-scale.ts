import { resolveTimeScale, TIME_SCALE_HEADER } from "@/lib/engine";
import type { Step } from "../context";

/** The call's time scale: X-Svc-Time-Scale (VALIDATION_ERROR when not 0–1), else the app's default; the engine applies it, the log keeps it. */
export const readTimeScale: Step = (s) => {
  s.timeScale = resolveTimeScale(s.call.headers.get(TIME_SCALE_HEADER), s.app!.timeScale);
};
