import type { Operation } from "@/lib/catalog";
import type { DevEndpoint } from "@/lib/catalog/dev-endpoints";
import type { DevReply } from "@/lib/devapi/types";
import type { Answer, Facts, GatewayFault, OperationInput } from "@/lib/engine";
import type { HeaderBag } from "@/lib/http/node-io";
import type { AuthenticatedApp } from "@/lib/services/calling-app";
import type { GatewayStore, ReferenceGuard } from "./store";

/** One gateway call, whatever it came through (HTTP or an MCP tool call). */
export type GatewayCall = {
  method: string;
  /** Path under {base_url}, e.g. /collect/v1/push. */
  path: string;
  headers: HeaderBag;
  /** Reads the raw body; throws ApiError BODY_TOO_LARGE past `limit` (default: the gateway's 64 KiB). */
  readBody: (limit?: number) => Promise<string>;
  /** The query string, without "?" (developer endpoints read GET input from it). */
  query?: string;
  /** How it came: over HTTP, as an MCP tool call, or from the docs' try-it panel as the signed-in owner's app. */
  via: "http" | "mcp" | "try-it";
  /** Aborts when the client has gone (its connection closed before the answer): a held wait ends then. */
  signal?: AbortSignal;
};

/** What the steps learn about a call as it goes through the pipeline. */
export type CallState = {
  call: GatewayCall;
  requestId: string;
  receivedAt: Date;
  started: number;
  /** Set once the token check passed: from then on the call is logged. */
  app?: AuthenticatedApp;
  op?: Operation;
  params?: Record<string, string>;
  rawBody?: string;
  input?: OperationInput;
  facts?: Facts;
  /** The float a payout asked of, as the `floatLow` lookup found it: logged (the commit replaces `available` with what its reservation met). */
  floatMet?: { currency: string; available: number };
  /** True while the call is decided on a reference assumed free, not looked up (steps/reference.ts checkReference); false once looked up. */
  referenceAssumed?: boolean;
  /** Whether the call's reference is taken (steps/reference.ts): a taken one answers the duplicate scenario, whatever else asks. */
  referenceTaken?: boolean;
  /** Set when the reference is free (or assumed so): the commit claims it atomically with its inserts. */
  referenceGuard?: ReferenceGuard;
  answer?: Answer;
  /** A developer endpoint's call (lib/catalog/dev): the endpoint, its path parameters and validated input, and its reply. */
  endpoint?: DevEndpoint;
  devInput?: Record<string, unknown>;
  reply?: DevReply;
  /** The time scale the call runs with (X-Svc-Time-Scale, else the app's): logged. */
  timeScale?: number;
  /** The call's count in its app's window, when the token's statement counted it (steps/authenticate.ts; the rate-limit step reads it). */
  counted?: number;
  /** The token's hash, once the token check found it (a token_expired fault expires it). */
  tokenHash?: string;
  /** The X-Svc-Fault the call runs with, once every check passed (lib/engine/gateway-faults.ts): logged. */
  fault?: GatewayFault | null;
  /** A slow_response's held-connection slot (lib/devapi/held-connections.ts), given back when its answer is ready. */
  releaseHeld?: () => void;
  /** The callback this call scheduled (persist.ts): an early_callback waits for its post. */
  deliveryId?: string;
  /** Response headers added by the steps (rate limit). */
  headers: Record<string, string>;
};

export type Step = (s: CallState, store: GatewayStore) => Promise<void> | void;

export type GatewayResult = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** A developer endpoint that answers Server-Sent Events (the mount writes them). */
  stream?: Extract<DevReply, { stream: unknown }>["stream"];
  /** X-Svc-Fault: lost_response: the call was committed and the connection closes with no answer (the HTTP mount destroys it). */
  drop?: true;
  /** The calling app, once the token check (or the token endpoint) knew it: the request's log line (server/gateway.ts, lib/log.ts). */
  appId?: string;
};
