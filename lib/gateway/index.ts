export { answerCall, gatewayPath, toResponse, BASE_PATH, TOKEN_PATH, MCP_PATH } from "./routes";
export { handleCall, STEPS, stepsAs } from "./pipeline";
export { issueToken, TOKEN_LIFETIME_S } from "./token";
export type { GatewayCall, GatewayResult, CallState, Step } from "./context";
export { resolveFromConsole } from "./console-calls";
