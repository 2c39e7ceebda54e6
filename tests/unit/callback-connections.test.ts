// Callback posts reuse connections to a receiver, and a kept connection the
// receiver drops just as it is reused costs a new connection, not a failed delivery.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { postCallback } from "@/lib/callbacks/post";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A receiver that answers 200, and on each connection's `dropOn`-th request drops the connection instead. */
async function receiver(dropOn: number) {
  const sockets = new Map<Socket, number>();
  let connections = 0;
  server = http.createServer((req, res) => {
    const n = (sockets.get(req.socket) ?? 0) + 1;
    sockets.set(req.socket, n);
    req.resume();
    req.on("end", () => (n === dropOn ? req.socket.destroy() : res.end("ok")));
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`, connections: () => connections };
}

describe("callback connections", () => {
  it("reuses one connection for consecutive callbacks to the same receiver", async () => {
    const r = await receiver(0);
    for (let i = 0; i < 5; i++) expect((await postCallback(r.url, "{}", `dlv_${i}`, ["secret"])).status).toBe(200);
    expect(r.connections()).toBe(1);
  });

  it("a kept connection dropped on reuse is retried once on a new connection", async () => {
    const r = await receiver(2);
    expect((await postCallback(r.url, "{}", "dlv_a", ["secret"])).status).toBe(200);
    const second = await postCallback(r.url, "{}", "dlv_b", ["secret"]);
    expect(second).toMatchObject({ status: 200, error: null });
    expect(r.connections()).toBe(2);
  });
});
