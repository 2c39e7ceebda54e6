// node:http plumbing shared by the handlers our server mounts directly: header
// access without building Web objects, a size-limited body reader, JSON
// answers, and a bridge to web-standard handlers for the mounts that keep them.
import type http from "node:http";
import { Readable } from "node:stream";
import { ApiError, errorBody } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { part, runtime } from "@/lib/runtime";

/** What handlers read of request headers: Web `Headers` and node's headers both fit. */
export type HeaderBag = {
  get(name: string): string | null;
  forEach(fn: (value: string, name: string) => void): void;
};

/** node's parsed headers (names already lower-case) as a HeaderBag, with no copy. */
export function nodeHeaders(req: http.IncomingMessage): HeaderBag {
  const h = req.headers;
  const one = (v: string | string[] | undefined) => (v === undefined ? null : Array.isArray(v) ? v.join(", ") : v);
  return {
    get: (name) => one(h[name.toLowerCase()]),
    forEach(fn) {
      for (const name in h) fn(one(h[name])!, name);
    },
  };
}

/** Reads the body, refusing it once it passes `limit` bytes (declared or streamed). */
export function readNodeBody(req: http.IncomingMessage, limit: number): Promise<string> {
  const tooLarge = () => new ApiError("BODY_TOO_LARGE", `the request body must be at most ${limit} bytes`);
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      req.resume(); // discard what arrives; the answer goes out at once
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off("data", onData);
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(c);
    };
    req.on("data", onData);
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8")));
    req.once("error", () => reject(new ApiError("INVALID_BODY", "the request body could not be read")));
  });
}

export function sendJson(res: http.ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  if (status === 204) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * An error answered in the error contract with the error's headers and `headers`, under the
 * response's `x-request-id` when it has one (server/route.ts gives every request one), else a new one.
 */
export function sendError(res: http.ServerResponse, e: ApiError, headers: Record<string, string> = {}): void {
  const set = res.getHeader("x-request-id");
  const requestId = typeof set === "string" ? set : newId("req");
  sendJson(res, e.status, { "x-request-id": requestId, ...headers, ...e.headers }, errorBody(e.code, e.message, requestId));
}

/** Whether a Web `Request` can carry the method: the Fetch standard forbids CONNECT, TRACE and TRACK (its constructor throws). */
export const webRequestCarries = (method: string | undefined) => !/^(CONNECT|TRACE|TRACK)$/i.test(method ?? "GET");

/** IncomingMessage → Request, the body left as a stream (for web-standard handlers); ask `webRequestCarries` first. */
export function toWebRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

/** Response → ServerResponse. */
export async function sendWebResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.writeHead(response.status, headers).end(body);
}

/** Bytes a stream may have waiting for a slow client before it is ended. */
const MAX_UNREAD_BYTES = 1024 * 1024;
/** How long a write may wait for the client to read (the socket's buffers full) before the stream is ended. */
const STALL_MS = 30_000;

/** How often a stream sends a comment line, so proxies and clients see it alive. */
const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events: writes the stream's events until it ends, the client
 * goes away, or the server stops (`closeStreams`, on SIGTERM). A client that
 * does not read is cut off: past MAX_UNREAD_BYTES waiting, or a write stalled
 * for STALL_MS, the stream ends and its socket is destroyed (an orderly end
 * would wait, socket and all, for a client that never reads); it reconnects
 * from its cursor and loses nothing.
 */
export async function sendEventStream(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  headers: Record<string, string>,
  run: (sink: { send(event: string, data: unknown, id?: string): void; comment(text: string): void; signal: AbortSignal }) => Promise<void>,
): Promise<void> {
  const abort = new AbortController();
  openStreams().add(abort);
  res.writeHead(200, { ...headers, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no", connection: "keep-alive" });
  res.flushHeaders();
  const stop = () => abort.abort();
  req.socket.on("close", stop);
  res.on("close", stop);
  if (req.socket.destroyed || res.destroyed) stop(); // gone before we listened: the close events will not come again
  let stalledSince = 0;
  let cutOff = false;
  const cut = () => {
    cutOff = true;
    stop();
    res.destroy();
  };
  res.on("drain", () => (stalledSince = 0));
  const write = (text: string) => {
    if (abort.signal.aborted) return;
    if (!res.write(text)) stalledSince ||= Date.now();
    if (res.writableLength > MAX_UNREAD_BYTES) cut();
  };
  let ticks = 0;
  const heartbeat = setInterval(() => {
    if (stalledSince && Date.now() - stalledSince > STALL_MS) return cut();
    if (++ticks % 3 === 0) write(": keep-alive\n\n");
  }, HEARTBEAT_MS / 3);
  const sink = {
    send(event: string, data: unknown, id?: string) {
      write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text: string) {
      write(`: ${text.replace(/\n/g, " ")}\n\n`);
    },
    signal: abort.signal,
  };
  try {
    await run(sink);
  } catch (e) {
    sink.send("error", { error: "INTERNAL_ERROR", message: "the stream failed; reconnect to resume" });
    log().error({ err: e }, "[stream] failed");
  } finally {
    clearInterval(heartbeat);
    openStreams().delete(abort);
    req.socket.off("close", stop);
    if (!cutOff) {
      res.end();
      // the last bytes too get STALL_MS to be read
      const late = setTimeout(() => res.destroy(), STALL_MS);
      late.unref();
      res.once("finish", () => clearTimeout(late));
    }
  }
}

/** The current portal's open streams (a part of its runtime: closing one portal closes only its own). */
const openStreams = () => runtime().of(part<Set<AbortController>>("openStreams"), () => new Set());

/** Ends every open event stream (graceful shutdown: clients reconnect to another instance). */
export function closeStreams(): void {
  for (const a of openStreams()) a.abort();
}
