// One HTTP POST with a deadline and a bounded answer, on kept connections: how
// the portal posts callbacks and receiver checks (lib/callbacks/post.ts says
// where they may go). node:http directly: exact failure reasons, no fetch
// patching. It runs on the process's post thread (post-thread.ts) when the
// server started one, so posting does not take the gateway's event loop.
import type dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type net from "node:net";

/** The checked address a connection must go to, whatever a second resolution of the name would say. */
export type Pin = { address: string; family: number };

/** Plain data, so that it crosses to the post thread as it is. */
export type PostRequest = {
  url: string;
  /** null: connect to the URL's host as it resolves (a literal address, or the local policy). */
  pin: Pin | null;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Bytes of the answer kept; the rest is read and dropped. */
  maxResponse: number;
};

/** Answered (any status), failed before an answer (a reason a person can read), or no answer within `timeoutMs`. */
export type PostResult =
  | { kind: "answered"; status: number; body: string }
  | { kind: "failed"; reason: string }
  | { kind: "timeout" };

/** A `lookup` for node:http that answers the pinned address, whatever name it is asked for. */
export function pinnedLookup({ address, family }: Pin): net.LookupFunction {
  return ((_host: string, opts: dns.LookupOptions, cb: (...a: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as net.LookupFunction;
}

function reason(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case "ECONNREFUSED": return "connection refused";
    case "ENOTFOUND": case "EAI_AGAIN": return "host not found";
    case "ECONNRESET": return "connection reset";
    case "EHOSTUNREACH": case "ENETUNREACH": return "host unreachable";
    default: return e.code ? `${e.code}: ${e.message}` : e.message;
  }
}

/**
 * Connections to receivers are kept and reused, as webhook senders do: a burst
 * of callbacks to one server costs one TCP handshake, not one each. Idle
 * sockets close after 4 s, before the 5 s a Node server keeps them.
 */
const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4_000 };
const agents = { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) };

export function httpPost(r: PostRequest, retried = false): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const target = new URL(r.url);
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, {
      method: "POST",
      headers: { ...r.headers, "content-length": Buffer.byteLength(r.body) },
      agent: agents[target.protocol as keyof typeof agents],
      ...(r.pin ? { lookup: pinnedLookup(r.pin) } : {}),
    });
    let responded = false;
    const timer = setTimeout(() => {
      done({ kind: "timeout" });
      req.destroy();
    }, r.timeoutMs);
    req.on("response", (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        if (size < r.maxResponse) chunks.push(c);
        size += c.length;
      });
      const finish = () => done({ kind: "answered", status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, r.maxResponse) });
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      // A kept connection the receiver closed just as we reused it: once more on a new one.
      if (req.reusedSocket && !responded && !retried && (e.code === "ECONNRESET" || e.code === "EPIPE")) {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        return void httpPost(r, true).then(resolve);
      }
      done({ kind: "failed", reason: reason(e) });
    });
    req.end(r.body);
  });
}

/** The post thread's side (post-thread.ts): each request posted, its result sent back under its id; a post that throws fails alone. */
export function servePosts(port: import("node:worker_threads").MessagePort): void {
  port.on("message", ({ id, request }: { id: number; request: PostRequest }) => {
    void httpPost(request)
      .catch((e: unknown): PostResult => ({ kind: "failed", reason: e instanceof Error ? e.message : String(e) }))
      .then((result) => port.postMessage({ id, result }));
  });
}
