// Request headers the generated clients send for their options, by the names
// README "How the sandbox behaves" gives them: the gateway reads X-Svc-Scenario
// in lib/engine/select.ts; X-Svc-Time-Scale (README's "Time scale") is sent as
// given (0 to 1).
export const TIME_SCALE_HEADER = "x-svc-time-scale";
