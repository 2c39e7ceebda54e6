export { handleMcpRequest } from "./handler";
export { callTool, toGatewayCall } from "./call";
export { toToolResult } from "./result";
export { allTools, toolsForApp, toolOf, toolDescription, toolInputSchema, SCENARIO_ARG, TIME_SCALE_ARG } from "./tools";
