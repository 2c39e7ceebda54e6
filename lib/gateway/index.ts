export { answerCall, readLimited, toResponse, BASE_PATH, TOKEN_PATH, MCP_PATH } from "./http";
export { serveSandbox } from "./node";
export { handleCall, STEPS } from "./pipeline";
export { issueToken, TOKEN_LIFETIME_S } from "./token";
export type { GatewayCall, GatewayResult, CallState, Step } from "./context";
