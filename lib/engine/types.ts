import type { Operation, Scenario, TestNumber } from "@/lib/catalog";

/** A resource of the calling app, as the gateway found it (the `tracked` fact). */
export type TrackedResource = {
  id: string;
  scenarioKey: string;
  settlesAt: Date | null;
  data: Record<string, unknown>;
};

/** What the gateway looked up about this call's state before a scenario is picked. */
export type Facts = { tracked?: TrackedResource; referenceTaken?: boolean; referenceUsed?: boolean; floatLow?: boolean };

export type EngineContext = {
  now: Date;
  requestId: string;
  newId: (prefix: "chk" | "pay" | "ver" | "msg") => string;
  newReceipt: () => string;
  /** The app's default callback URL, used when the request names none. */
  defaultCallbackUrl?: string | null;
  /** The factor on every scripted delay, 0 to 1 (time-scale.ts); 1 when absent. */
  timeScale?: number;
  /** The app's test numbers: they pick a scenario after the header and before the catalog's triggers. */
  testNumbers?: readonly TestNumber[];
};

export type { TestNumber } from "@/lib/catalog";

export type NewResource = {
  id: string;
  reference: string | null;
  /** When its outcome is decided (its live state changes); null: at once (identity), or not yet (held). */
  settlesAt: Date | null;
  data: Record<string, unknown>;
  /** A held resource keeps what resolving it needs (hold.ts); the gateway adds the call's X-Svc-Time-Scale. */
  hold?: Omit<HoldRecord, "timeScale">;
  /** What its acceptance takes out of the app's float (float.ts): the commit reserves it, or the call is decided again. */
  float?: FloatTake;
};

export type FloatTake = { currency: string; amount: number };

/**
 * What a held resource keeps to be resolved later (Resource.hold): the
 * validated request input (the callback is built from it, as at the call),
 * the answer the call got, and the X-Svc-Time-Scale the call sent (null: none).
 */
export type HoldRecord = {
  input: { params: Record<string, string>; body: Record<string, unknown> };
  accepted: Record<string, unknown>;
  timeScale: number | null;
};

export type Answer = {
  operation: Operation;
  scenario: Scenario;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Scripted delay before the answer leaves. */
  delayMs: number;
  resource?: NewResource;
  callback?: { url: string | null; dueAt: Date; delayMs: number; body: Record<string, unknown> };
};

/**
 * What one operation's builder makes of a call: the answer's body and, for
 * a call that creates one, the resource as accepted (its id and what its
 * initial state shows). The outcome's part of an operation that calls back
 * is its Settler's.
 */
export type Built = { body: Record<string, unknown>; resource?: NewResource };

export type Builder = (args: {
  op: Operation;
  scenario: Scenario;
  outcome: Record<string, unknown>;
  params: Record<string, string>;
  body: Record<string, unknown>;
  facts: Facts;
  ctx: EngineContext;
}) => Built;

/**
 * The outcome of a call that calls back, for the resource `id`: what its live
 * state shows once settled (merged into the resource's data) and the callback
 * body. Run at the call, or later when a held resource is resolved.
 */
export type Settler = (args: {
  scenario: Scenario;
  outcome: Record<string, unknown>;
  params: Record<string, string>;
  body: Record<string, unknown>;
  id: string;
  ctx: EngineContext;
  /** When the outcome is decided: accept (or resolve) time + callback delay. */
  settlesAt: Date;
}) => { data: Record<string, unknown>; callback: Record<string, unknown> };
