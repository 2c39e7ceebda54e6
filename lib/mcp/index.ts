export { handleMcpRequest } from "./handler";
export { callTool, toGatewayCall } from "./call";
export { toToolResult } from "./result";
export { allTools, toolsForApp, toolOf, toolDescription, toolInputSchema, SCENARIO_ARG } from "./tools";
