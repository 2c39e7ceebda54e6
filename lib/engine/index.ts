// The scenario engine: pure functions from a request to an answer. No next, no
// database. The gateway, the try-it panel and MCP all run exactly this code.
export * from "./types";
export { answer, callbackTarget, isErrorOutcome } from "./answer";
export { floatAsk, floatTake, keepsFloat } from "./float";
export { expiryScenario, handsetAnswers, heldScenario, liveState, resolutionScenario, resolutionScenarios, resolutionTimeScale, resolveHold, type HandsetAnswers } from "./hold";
export { checkMediaType, parseJsonBody, validateInput, checkDepth, fieldIssues, magicValue, MAX_BODY_BYTES, MAX_JSON_DEPTH, type OperationInput } from "./request";
export { selectScenario, testNumberScenario, triggerMatches, defaultScenario, SCENARIO_HEADER, SCENARIO_IGNORED_HEADER } from "./select";
export { failedScenarioKeys, freedReference, referenceFact, takenReferenceScenario, type ReferenceFact } from "./reference";
export { resolveTimeScale, scaled, TIME_SCALE_HEADER } from "./time-scale";
export { run, simulate } from "./run";
export { ERROR_AFTER_COMMIT, GATEWAY_FAULT_CODES, FAULT_HEADER, GATEWAY_FAULT_NAMES, GATEWAY_FAULTS, gatewayFaultNamed, resolveGatewayFault, retryWindowEnd, type GatewayFault, type GatewayFaultName } from "./gateway-faults";
export { phoneDigits, phoneOfBody, PHONE_FIELDS } from "./phone";
export { planDraw, planMatches, planRulesFor, plannedFault } from "./fault-plan";
export { callbackScenario, exampleBody, exampleCallback, exampleOf, exampleParams, scenarioRequest } from "./examples";
