import type { Operation, Scenario, TestNumber } from "@/lib/catalog";

/** A resource of the calling app, as the gateway found it (the `tracked` fact). */
export type TrackedResource = {
  id: string;
  scenarioKey: string;
  settlesAt: Date | null;
  data: Record<string, unknown>;
};

/** What the gateway looked up about this call's state before a scenario is picked. */
export type Facts = { tracked?: TrackedResource; referencePending?: boolean; referenceUsed?: boolean };

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
  settlesAt: Date | null;
  data: Record<string, unknown>;
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

/** What one operation's builder makes of an accepted call or a status query. */
export type Built = { body: Record<string, unknown>; resource?: NewResource; callback?: Record<string, unknown> };

export type Builder = (args: {
  op: Operation;
  scenario: Scenario;
  outcome: Record<string, unknown>;
  params: Record<string, string>;
  body: Record<string, unknown>;
  facts: Facts;
  ctx: EngineContext;
  /** When the outcome is decided: accept time + callback delay. */
  settlesAt: Date;
}) => Built;
