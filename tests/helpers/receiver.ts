// A real HTTP server that records what it receives: the callback target of the tests.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { at: number; method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

export type Receiver = {
  url: string;
  received: Received[];
  /** What to answer: status and delay (ms) per request, or answered once `until` settles. */
  respond: (r: Received) => { status: number; delayMs?: number; until?: Promise<unknown> };
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  /** The first request that matches, once it has arrived; throws when none arrived within `timeoutMs`. */
  first(match: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
};

export async function startReceiver(respond: Receiver["respond"] = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const state: Receiver = {} as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { at: Date.now(), method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(r);
      waiters.splice(0).forEach((w) => w());
      const { status, delayMs, until } = state.respond(r);
      const send = () => {
        if (!res.destroyed) res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "nope");
      };
      if (until) void until.then(send, send);
      else if (delayMs) setTimeout(send, delayMs);
      else send();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    received,
    respond,
    async waitFor(n: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`receiver got ${received.length} of ${n} requests in ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, left);
          waiters.push(() => {
            clearTimeout(t);
            r();
          });
        });
      }
      return received.slice(0, n);
    },
    async first(match: (r: Received) => boolean, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = received.find(match);
        if (got) return got;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`receiver got no matching request in ${timeoutMs} ms (${received.length} others)`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, left);
          waiters.push(() => {
            clearTimeout(t);
            r();
          });
        });
      }
    },
    async close() {
      sockets.forEach((s) => s.destroy());
      await new Promise((r) => server.close(r));
    },
  });
  return state;
}
