// Request headers the generated clients send for their options, by the
// contract's names ("Developer tools"): the gateway reads X-Svc-Scenario in
// lib/engine/select.ts; X-Svc-Time-Scale is defined by the contract and sent
// as given (0 to 1).
export const TIME_SCALE_HEADER = "x-svc-time-scale";
