// What our own server decides (server/route.ts, server/shutdown.ts): which
// handler answers, bodies and headers arriving intact, malformed paths, and a
// graceful SIGTERM. Everything runs against the portal started as `npm start` does.
import http from "node:http";
import { afterAll, describe, expect, it, vi } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/engine";
import { ownerOf } from "../helpers/owner-view";
import { startReceiver } from "../helpers/receiver";
import { clientFor, ownDb } from "../helpers/own-server";
import { setUpApp } from "../helpers/operator";
import { type ServerProcess, startServer } from "../helpers/server";
import { base, collectBody, http as call, newApp, origin } from "../helpers/apps";
import { onTheWire } from "../helpers/wire";

/** A raw request: the path goes on the wire exactly as written (no URL normalisation). */
function raw(method: string, path: string, opts: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {}) {
  const u = new URL(origin());
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method, path, headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (opts.body !== undefined && opts.chunked) {
      // No content-length: node sends the body chunked, in pieces.
      const b = Buffer.from(opts.body);
      for (let i = 0; i < b.length; i += 7000) req.write(b.subarray(i, i + 7000));
      req.end();
    } else req.end(opts.body);
  });
}

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe("our server: routing", () => {
  it("answers {base_url} with the gateway, not Next (JSON error body, no Next headers)", async () => {
    for (const p of ["/sandbox", "/sandbox/", "/sandbox/collect/v1/push/chk_1", "/sandbox/no/such/thing"]) {
      const r = await raw("GET", p);
      expect(r.status, p).toBe(401);
      expect(JSON.parse(r.text)).toMatchObject({ error: "MISSING_TOKEN", requestId: r.headers["x-request-id"] });
      expect(r.headers.vary ?? "", p).not.toContain("rsc");
    }
  });

  it("answers {inspect_url}/<appId> with the inspector and hands everything else to Next", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const inspected = await raw("POST", `/inspect/${a.appId}`, { body: "x" });
    expect(inspected.status).toBe(200);
    expect(JSON.parse(inspected.text)).toEqual({ received: true });
    const unknown = await raw("POST", "/inspect/app_nope", { body: "x" });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text).error).toBe("NOT_FOUND");

    const docs = await raw("GET", "/docs");
    expect(docs.status).toBe(200);
    expect(docs.headers["content-type"]).toContain("text/html");
    // Look-alike paths are not the mounts: Next answers them (its 404 page).
    for (const p of ["/sandboxes", "/inspect", "/inspector-x"]) {
      const r = await raw("GET", p);
      expect(r.status, p).toBe(404);
      expect(r.headers["content-type"], p).toContain("text/html");
    }
  });

  it("answers a malformed percent-encoded path with a 4xx error body, never Next's 500", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const gateway = await raw("GET", "/sandbox/collect/v1/push/%E0%A4%A", { headers: { authorization: `Bearer ${a.token}` } });
    expect(gateway.status).toBe(200); // an unknown checkout id like any other: the scripted default
    expect(JSON.parse(gateway.text)).toMatchObject({ status: "COMPLETED" });
    for (const p of ["/docs/%E0%A4%A", "/apps/%ZZ", "/%"]) {
      const r = await raw("GET", p);
      expect(r.status, p).toBe(400);
      expect(JSON.parse(r.text).error, p).toBe("BAD_REQUEST");
    }
    const inspector = await raw("POST", "/inspect/%E0%A4%A", { body: "x" });
    expect(inspector.status).toBe(404);
  });

  it("refuses TRACE and other methods Next does not serve with 405, on every path but the gateway's (401 there first)", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const r = await raw(method, "/docs");
      expect(r.status, method).toBe(405);
      expect(JSON.parse(r.text).error).toBe("METHOD_NOT_ALLOWED");
    }
    // Under the gateway the token comes first, whatever the method (lib/gateway/routes.ts).
    const gw = await raw("TRACE", "/sandbox/collect/v1/push");
    expect([gw.status, JSON.parse(gw.text).error]).toEqual([401, "MISSING_TOKEN"]);
    expect((await raw("TRACE", "/sandbox/no/such/path")).status).toBe(401);
    // The inspector takes POST only, TRACE too (a method no Web Request carries), whether or not the app exists.
    const a = await newApp();
    for (const [method, path] of [["TRACE", `/inspect/${a.appId}`], ["TRACE", "/inspect/app_nope"], ["GET", `/inspect/${a.appId}`], ["PROPFIND", `/inspect/${a.appId}`]]) {
      const r = await raw(method!, path!);
      expect([method, path, r.status, JSON.parse(r.text).error, r.headers.allow]).toEqual([method, path, 405, "METHOD_NOT_ALLOWED", "POST"]);
    }
    // TRACK: node:http answers 400 itself (no method it parses); CONNECT: it closes the connection unanswered.
    for (const method of ["TRACK", "CONNECT"]) expect((await onTheWire(origin(), `${method} /inspect/${a.appId} HTTP/1.1\nHost: x`)).status, method).toBeLessThan(500);
  });

  it("answers a Host header that is not a host with 400 and the error body, on every route", async () => {
    const a = await newApp();
    for (const host of ["[::1", "[::1]:x", "a b", "host:99999", "user@host", "host/path", "host?q", "host#f", "ex\\ample", "%", ""]) {
      for (const path of ["/apps", "/docs", "/api/console/apps", `/inspect/${a.appId}`, "/sandbox/collect/v1/push", "/healthz"]) {
        const r = await onTheWire(origin(), `GET ${path} HTTP/1.1\nHost: ${host}`);
        expect([host, path, r.status, r.json?.error, r.json?.requestId], r.body.slice(0, 200)).toEqual([host, path, 400, "BAD_REQUEST", r.headers["x-request-id"]]);
      }
    }
    for (const host of ["localhost", `127.0.0.1:${new URL(origin()).port}`, "[::1]:3000", "portal.example", "PORTAL.example.:443", "my_host"]) {
      expect((await onTheWire(origin(), `GET /docs HTTP/1.1\nHost: ${host}`)).status, host).toBe(200);
    }
  });
});

describe("our server: bodies and headers arrive intact", () => {
  it("keeps a gateway call's body byte for byte and its headers (chunked too)", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const body = JSON.stringify(collectBody({ description: "Café ☕ – naïve 日本", reference: "UTF-1" }));
    for (const chunked of [false, true]) {
      const r = await raw("POST", "/sandbox/collect/v1/push", {
        headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json", "x-trace": `t-${chunked}`, "x-svc-scenario": "cancelled" },
        body: chunked ? body.replace("UTF-1", "UTF-2") : body,
        chunked,
      });
      expect(r.status).toBe(202);
      const row = await (await ownerOf(a)).request(String(r.headers["x-request-id"]));
      // The body was JSON.stringify's (compact): written out again, the logged one is it byte for byte.
      expect(JSON.stringify(row.requestBody)).toBe(chunked ? body.replace("UTF-1", "UTF-2") : body);
      const headers = row.requestHeaders;
      expect(headers["x-trace"]).toBe(`t-${chunked}`);
      expect(headers.authorization).toBe("Bearer [redacted]");
    }
  });

  it("refuses a body over the limit with 413, declared or streamed, and the connection stays usable", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const big = "x".repeat(MAX_BODY_BYTES + 10);
    const headers = { authorization: `Bearer ${a.token}`, "content-type": "application/json" };
    for (const chunked of [false, true]) {
      const r = await raw("POST", "/sandbox/collect/v1/push", { headers, body: big, chunked });
      expect(r.status, `chunked ${chunked}`).toBe(413);
      expect(JSON.parse(r.text).error).toBe("BODY_TOO_LARGE");
    }
    const after = await call("POST", `${base()}/collect/v1/push`, { headers, body: JSON.stringify(collectBody()) });
    expect(after.status).toBe(202);
  });

  it("hands the inspector every byte and header of what it receives", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const body = Buffer.from(`<xml>${"é".repeat(50_000)}</xml>`);
    const r = await raw("POST", `/inspect/${a.appId}`, { headers: { "content-type": "application/xml", "x-svc-delivery": "dlv_test" }, body, chunked: true });
    expect(r.status).toBe(200);
    const [entry] = (await (await ownerOf(a)).get("/inbox?take=1")).items;
    expect(entry.body).toBe(body.toString("utf8"));
    expect(entry.headers["x-svc-delivery"]).toBe("dlv_test");
    expect(entry.contentType).toBe("application/xml");
  });
});

describe("our server: graceful shutdown", () => {
  it("SIGTERM: stops accepting, finishes the call in flight and the callback being posted, then exits 0", async () => {
    const own = await ownDb("shutdown");
    // The receiver takes 1.5 s to answer: the post is in flight when SIGTERM arrives.
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 1500 }));
    const server = await startServer({ databaseUrl: own.url });
    servers.push(server);
    const { appId, token } = await setUpApp(own.url, server.origin);
    const push = (scenario: string) =>
      fetch(`${server.origin}/sandbox/collect/v1/push`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-svc-scenario": scenario },
        body: JSON.stringify({ shortCode: "1", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: `S-${scenario}`, callbackUrl: receiver.url }),
      });
    expect((await push("cancelled")).status).toBe(202); // its callback is due in 2.5 s
    await receiver.waitFor(1, 10_000); // the post has reached the receiver, which has not answered yet

    const inFlight = push("paid"); // answers after its 120 ms scripted delay
    await new Promise((r) => setTimeout(r, 30));
    const exited = new Promise<number | null>((r) => server.proc.once("exit", (code) => r(code)));
    process.kill(-server.proc.pid!, "SIGTERM");
    expect((await inFlight).status).toBe(202);
    // server/shutdown.ts logs this in the same step as it closes the listener
    await vi.waitFor(() => expect(server.log()).toContain("[server] SIGTERM: draining"), { timeout: 30_000 });
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow(); // no longer accepting
    expect(await exited).toBe(0);

    // no server is running now (a new one would send the scheduled one): what the drain left is read in the database, in one statement
    const client = clientFor(own.url);
    const deliveries = await client.delivery.findMany({ where: { appId }, orderBy: { seq: "asc" } });
    expect(deliveries[0]).toMatchObject({ scenarioKey: "cancelled", state: "DELIVERED", attempts: 1, lastStatus: 200 });
    expect(deliveries[1]).toMatchObject({ scenarioKey: "paid", state: "SCHEDULED" }); // goes out when a server is back
    await client.$disconnect();
    await receiver.close();
  });
});
