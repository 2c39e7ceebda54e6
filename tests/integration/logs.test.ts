// The process's log (contract, "Added 2026-11-27": Operable; lib/log.ts): with
// LOG_FORMAT=json one JSON object a line, every request the test makes has
// exactly one line whose requestId is its answer's x-request-id, with its
// method, path without the query, status, time taken and, for gateway and
// developer API calls, the app; the dispatcher's attempt has its line with the
// delivery; and none of the secrets the test made or received (the password,
// the consumer secret, the access token, the signing secret, a callback's
// signatures) is anywhere in the log. LOG_FORMAT unset on a local server: text,
// one readable line per request.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signUpOverHttp } from "../helpers/console-http";
import { basicAuth, cliBatch } from "../helpers/operator";
import { ownDb } from "../helpers/own-server";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody, http, type CreatedSandbox, type Reply } from "../helpers/apps";
import { type RunningServer, startServer } from "../helpers/server";

type Line = Record<string, unknown> & { msg?: string; requestId?: string };
/** The JSON lines of a server's output (its stderr may hold Node's own warnings). */
const jsonLines = (s: RunningServer): Line[] => s.log().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Line);

/** A request the test made, as its line must say it. */
type Made = { requestId: string; method: string; path: string; status: number; appId?: string };

describe("LOG_FORMAT=json", () => {
  let server: RunningServer;
  let receiver: Receiver;
  let dbUrl: string;
  const made: Made[] = [];
  const secrets: Record<string, string> = {};
  /** A request through the server, recorded with what its line must say (`path`: without the query). */
  const send = async (method: string, url: string, init: Parameters<typeof http>[2] = {}, appId?: string): Promise<Reply> => {
    const r = await http(method, `${server.origin}${url}`, init);
    const requestId = r.headers.get("x-request-id");
    expect(requestId, `${method} ${url} answers an x-request-id`).toMatch(/^req_/);
    made.push({ requestId: requestId!, method, path: url.split("?")[0]!, status: r.status, ...(appId ? { appId } : {}) });
    return r;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    dbUrl = (await ownDb("logs")).url;
    server = await startServer({ databaseUrl: dbUrl, env: { LOG_FORMAT: "json" } });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it("a line per request with the answer's x-request-id, method, path without query, status, ms and the app; the dispatcher's attempt with its delivery; no secret anywhere", async () => {
    // The password goes through the server's sign-up form.
    const email = `log-${Date.now()}@example.com`;
    secrets.password = `pw-${crypto.randomUUID()}`;
    const signup = await signUpOverHttp(server.origin, email, secrets.password);
    expect(signup.status).toBe(303);
    const answers = await cliBatch(dbUrl, server.origin, [
      ["app", "create", "--owner", email, "--name", "Logged"],
      ["subscribe", "--app", "{appId}", "--group", "Payments"],
      ["key", "create", "--app", "{appId}"],
    ]);
    const parentId = answers[0]!.appId!;
    const key = answers.at(-1);
    secrets.consumerSecret = key!.consumerSecret!;
    secrets.basic = basicAuth(key!.consumerKey!, key!.consumerSecret!);

    // The token endpoint: the client's app on its line; the token is in the answer only.
    const token = await send("POST", "/sandbox/oauth/v1/token?via=test", {
      headers: { authorization: secrets.basic, "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials",
    }, parentId);
    expect(token.status).toBe(200);
    secrets.parentToken = token.body.access_token;
    const bearer = (t: string) => ({ authorization: `Bearer ${t}`, "content-type": "application/json" });

    // A developer API call that answers secrets: a throwaway sandbox with its key pair and signing secret.
    const made201 = await send("POST", "/sandbox/dev/v1/sandboxes?x=1", { headers: bearer(secrets.parentToken), body: JSON.stringify({ ttlSeconds: 600 }) }, parentId);
    expect(made201.status, made201.text).toBe(201);
    const sandbox = made201.body as CreatedSandbox;
    secrets.sandboxSecret = sandbox.consumerSecret;
    secrets.signingSecret = sandbox.signingSecret;
    const sandboxToken = await send("POST", "/sandbox/oauth/v1/token", {
      headers: { authorization: basicAuth(sandbox.consumerKey, sandbox.consumerSecret), "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials",
    }, sandbox.appId);
    secrets.sandboxToken = sandboxToken.body.access_token;

    // A gateway call whose callback goes to a real receiver, signed with the sandbox's signing secret.
    const push = await send("POST", "/sandbox/collect/v1/push?debug=1", {
      headers: { ...bearer(secrets.sandboxToken), "x-svc-time-scale": "0" },
      body: JSON.stringify(collectBody({ reference: `LOG-${Date.now()}`.slice(0, 24), callbackUrl: `${receiver.url}/cb?secret-of-the-receiver=1` })),
    }, sandbox.appId);
    expect(push.status, push.text).toBe(202);
    const checkoutId = push.body.checkoutId as string;
    const wait = await send("GET", `/sandbox/dev/v1/callbacks/wait?resourceId=${checkoutId}&timeout=20`, { headers: bearer(secrets.sandboxToken) }, sandbox.appId);
    expect(wait.body.status).toBe("ATTEMPTED");
    const callback = await receiver.first(() => true, 20_000);
    secrets.svcSignature = String(callback.headers["x-svc-signature"]);
    secrets.webhookSignature = String(callback.headers["webhook-signature"]);
    expect(secrets.svcSignature.length).toBeGreaterThan(20);

    // A refused call (no app known), Next's pages, a page Next does not have, our own endpoints.
    expect((await send("GET", "/sandbox/collect/v1/push/chk_1", { headers: { authorization: "Bearer not-a-token" } })).status).toBe(401);
    expect((await send("GET", "/docs?tab=logs")).status).toBe(200);
    expect((await send("GET", "/docs/operations")).status).toBe(200);
    expect((await send("GET", "/no-such-page?q=1")).status).toBe(404);
    expect((await send("POST", "/readyz")).status).toBe(405);
    expect((await send("GET", "/livez")).status).toBe(200);

    const requestLines = () => jsonLines(server).filter((l) => l.msg === "request");
    await vi.waitFor(() => {
      const ids = new Set(requestLines().map((l) => l.requestId));
      expect(made.filter((m) => !ids.has(m.requestId))).toEqual([]);
    }, { timeout: 20_000, interval: 100 });
    const lines = requestLines();
    for (const m of made) {
      const mine = lines.filter((l) => l.requestId === m.requestId);
      expect(mine, `${m.method} ${m.path}`).toHaveLength(1);
      const { time, level, ms, ...rest } = mine[0]!;
      expect(rest, `${m.method} ${m.path}`).toEqual({ msg: "request", ...m }); // these fields and no other
      expect(level).toBe("info");
      expect(Date.parse(String(time))).toBeGreaterThan(0);
      expect(ms).toEqual(expect.any(Number));
    }

    // The dispatcher's attempt has its line with its delivery.
    const deliveryId = String(callback.headers["x-svc-delivery"]);
    await vi.waitFor(() => expect(jsonLines(server).filter((l) => l.msg === "[callbacks] attempt" && l.deliveryId === deliveryId)).toMatchObject([{ outcome: "delivered", status: 200 }]), { timeout: 20_000, interval: 100 });

    // Every line the process wrote is JSON (Next's own console lines included); the start line kept its text (tests/helpers/server.ts reads it).
    expect(server.log().split("\n").filter((l) => l !== "" && !l.startsWith("{"))).toEqual([]);
    expect(jsonLines(server).some((l) => /^\[server\] portal on \S+ \(listening on 127\.0\.0\.1:\d+\)$/.test(String(l.msg)))).toBe(true);
    const log = server.log();
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8);
      expect(log.includes(value), `${name} is not in the log`).toBe(false);
    }
    expect(log).not.toContain("secret-of-the-receiver");
  });
});

describe("LOG_FORMAT unset on a local server: text", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ databaseUrl: (await ownDb("logs_text")).url });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("one readable line per request: msg, then field=value", async () => {
    const page = await http("GET", `${server.origin}/docs?x=1`);
    const refused = await http("POST", `${server.origin}/sandbox/oauth/v1/token`, { headers: { authorization: basicAuth("ck_nope", "cs_nope") }, body: "grant_type=client_credentials" });
    expect([page.status, refused.status]).toEqual([200, 401]);
    const want = [
      `request requestId=${page.headers.get("x-request-id")} method=GET path=/docs status=200 ms=`,
      `request requestId=${refused.headers.get("x-request-id")} method=POST path=/sandbox/oauth/v1/token status=401 ms=`,
    ];
    await vi.waitFor(() => {
      const lines = server.log().split("\n");
      for (const w of want) expect(lines.filter((l) => l.startsWith(w)), w).toHaveLength(1);
    }, { timeout: 20_000, interval: 100 });
    expect(server.log()).not.toMatch(/^\{/m);
    expect(server.log()).toMatch(/^\[server\] portal on /m);
  });
});
