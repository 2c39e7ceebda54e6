import type { AuthenticatedApp } from "@/lib/services/calling-app";
import type { HeaderBag } from "@/lib/http/node-io";

/** What a developer endpoint's handler gets: the calling app and its validated input. */
export type DevContext = {
  app: AuthenticatedApp;
  params: Record<string, string>;
  /** The validated query (GET) or body (other methods). */
  input: Record<string, unknown>;
  requestId: string;
  /** The request's headers (a stream reads Last-Event-ID). */
  headers: HeaderBag;
  now: Date;
  via: "http" | "mcp" | "try-it";
  /** Aborts when the client has gone: an endpoint that holds the connection (a wait) ends and frees its slot. */
  signal?: AbortSignal;
};

/** Writes Server-Sent Events to the client until `signal` aborts (client gone, server stopping). */
export type EventSink = {
  send(event: string, data: unknown, id?: string): void;
  comment(text: string): void;
  readonly signal: AbortSignal;
};

export type DevReply =
  | { status?: number; body: unknown; headers?: Record<string, string> }
  | { stream: (sink: EventSink) => Promise<void>; headers?: Record<string, string> };

export type DevHandler = (ctx: DevContext) => Promise<DevReply>;
