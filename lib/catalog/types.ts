import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";

export type Group = {
  /** Canonical name, also the value the command line takes (case-insensitive). */
  name: string;
  description: string;
  /** Subscriptions wait for an operator's review before they work. */
  needsReview: boolean;
};

export type Api = {
  id: string;
  name: string;
  version: string;
  /** Path prefix under {base_url}, with the major version. */
  prefix: string;
  group: string;
  description: string;
  changes?: string;
};

/**
 * What picks a scenario. A field trigger matches when the request's
 * `body.<field>` or `path.<param>` equals `value` compared as text. A state
 * trigger matches a fact the gateway looked up for this call (see Facts).
 */
export type Trigger =
  | { field: `body.${string}` | `path.${string}`; value: string | number }
  | { state: FactName };

export type FactName = "tracked" | "referenceTaken" | "referenceUsed" | "floatLow";

/**
 * An app's own trigger, a test number: "when this field of this operation
 * equals this value (as text), run this scenario". Kept per app
 * (lib/devapi/test-numbers.ts); the engine ranks them after X-Svc-Scenario and
 * before the catalog's triggers.
 */
export type TestNumber = {
  id: string;
  operationId: string;
  field: `body.${string}` | `path.${string}`;
  value: string;
  scenarioKey: string;
};

export type ErrorOutcome = { error: ErrorCode; message: string };

export type Scenario<O = unknown> = {
  key: string;
  summary: string;
  default?: boolean;
  triggers?: Trigger[];
  status: number;
  /** Scripted delay before the answer, in ms. */
  delayMs: number;
  /** Delay from acceptance to the callback, in ms (scenarios that post one). */
  callbackDelayMs?: number;
  /** Error scenarios answer the error body; others hand `outcome` to the operation's builder. */
  outcome: ErrorOutcome | O;
  /**
   * A held scenario: the call answers as accepted and its resource stays in its
   * initial state, with no callback, until it is resolved (POST
   * /dev/v1/resources/{id}/resolve, the console's Handset) with one of the
   * operation's scenarios that call back. `expiresAs`: the scenario it resolves
   * as when nobody resolved it within the hold horizon (lib/config.ts).
   */
  hold?: { expiresAs?: string };
  /**
   * A resolution's button on the console's Handset (the held resource's phone), e.g.
   * "Enter PIN"; a prompt's resolutions without one go under "More outcomes"
   * (lib/engine/hold.ts `handsetAnswers`).
   */
  handset?: string;
};

export type OperationKind =
  | "collect.push" | "collect.status"
  | "payouts.send" | "payouts.status"
  | "identity.verify" | "identity.get"
  | "sms.send" | "sms.get";

export type Operation = {
  id: OperationKind;
  api: string;
  method: "GET" | "POST";
  /** Path template under {base_url}, e.g. /collect/v1/push/{checkoutId}. */
  path: string;
  summary: string;
  description: string;
  /** MCP tool name. */
  tool: string;
  params: z.ZodObject;
  body?: z.ZodObject;
  /** Response bodies per status, for the docs and OpenAPI. */
  responses: Record<number, { description: string; schema: z.ZodType }>;
  callback?: { description: string; schema: z.ZodType };
  /** Request field that carries the resource reference (stateful rules). */
  referenceField?: string;
  /** The prefix of the ids this operation creates or reads. */
  resource: { prefix: "chk" | "pay" | "ver" | "msg"; idField: string };
  /**
   * Paid out of the app's float (lib/float): body.amount in body.currency. An
   * accepted call of a scenario in `takes` reserves the amount when the float
   * covers it (the `floatLow` fact); a held one resolved with a scenario not in
   * `takes` gives it back.
   */
  float?: { takes: readonly string[] };
  scenarios: Scenario[];
};
