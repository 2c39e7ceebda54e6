// Signature explain and readiness over real HTTP, on a real callback the
// server posted to a real receiver: explain names BODY_CHANGED for a
// pretty-printed body, HEADER_MISSING, SECRET_FORM for a signature made with
// the whsec_ string, TIMESTAMP_OUT_OF_TOLERANCE; another app cannot explain
// this app's deliveries; the console's inbox explains an invalid entry; the
// readiness checklist flips a scenario to exercised after a call.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackSignatureHeaders } from "@/lib/crypto";
import { signInOverHttp } from "../helpers/from-address";
import { OWN_PASSWORD, setUpApp } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import { ownerOf, ownerView } from "../helpers/owner-view";
import { advanceClock } from "../helpers/server";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody, http, newApp, origin, type TestApp } from "../helpers/apps";

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

/** A paid Collect push whose callback (time scale 0) arrives at the receiver: what arrived, as the receiver got it. */
async function receivedCallback(a: TestApp) {
  const tag = `/cb-${a.appId}-${Math.random()}`;
  const r = await a.call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${rx.url}${tag}` }), { "x-svc-time-scale": "0" });
  expect(r.status).toBe(202);
  const got = await rx.first((x) => x.path === tag, 30_000);
  // The attempt (with the headers sent) is recorded once the post returned.
  await a.call("GET", `/dev/v1/callbacks/wait?deliveryId=${got.headers["x-svc-delivery"]}&timeout=10`);
  return { headers: got.headers as Record<string, string>, body: got.body };
}

/** The signing secret as the console shows it to the app's owner. */
const secretOf = async (a: TestApp) => (await (await ownerOf(a)).get("/signing-secret")).signingSecret as string;
const explain = (a: TestApp, body: unknown) => a.call("POST", "/dev/v1/signatures/explain", body);
const codes = (r: { body: { findings: { code: string }[] } }) => r.body.findings.map((f) => f.code);

describe.concurrent("signature explain", () => {
  it("a callback as received is valid and found among the app's deliveries, with what was really sent", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const got = await receivedCallback(a);
    const r = await explain(a, { headers: got.headers, body: got.body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ valid: true, scheme: "both", delivery: { id: got.headers["x-svc-delivery"], operationId: "collect.push", scenarioKey: "paid", body: got.body } });
    expect(r.body.delivery.attempts[0].headers["webhook-signature"]).toBe(got.headers["webhook-signature"]);
    expect(codes(r)).toEqual(["SIGNATURE_VALID"]);
  });

  it("names BODY_CHANGED (pretty-printed), HEADER_MISSING, SECRET_FORM (whsec_ string as key) and TIMESTAMP_OUT_OF_TOLERANCE", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const got = await receivedCallback(a);
    const secret = await secretOf(a);

    const pretty = await explain(a, { headers: got.headers, body: JSON.stringify(JSON.parse(got.body), null, 2) });
    expect(pretty.body.valid).toBe(false);
    expect(pretty.body.findings[0]).toMatchObject({ code: "BODY_CHANGED", detail: { offset: 1, looks: "re-serialised" } });
    expect(pretty.body.findings[0].message).toContain(`delivery ${got.headers["x-svc-delivery"]}`);

    const { "webhook-signature": _w, "x-svc-signature": _x, ...stripped } = got.headers;
    const missing = await explain(a, { headers: stripped, body: got.body });
    expect(missing.body).toMatchObject({ valid: false, scheme: "none" });
    expect(missing.body.findings[0]).toMatchObject({ code: "HEADER_MISSING", detail: { missing: ["x-svc-signature", "webhook-signature"] } });

    const id = got.headers["webhook-id"], t = got.headers["webhook-timestamp"];
    const withWhsec = createHmac("sha256", secret).update(`${id}.${t}.${got.body}`).digest("base64");
    const form = await explain(a, { headers: got.headers, body: got.body, signature: `v1,${withWhsec}`, secret });
    expect(form.body.valid).toBe(true);
    expect(form.body.findings).toEqual([expect.objectContaining({ code: "SECRET_FORM", detail: expect.objectContaining({ keyForm: "whole", scheme: "webhook-signature" }) })]);

    const old = new Date(Date.now() - 10 * 60_000);
    const staleHeaders = { ...got.headers, ...callbackSignatureHeaders([secret], id!, got.body, old) };
    const stale = await explain(a, { headers: staleHeaders, body: got.body });
    expect(stale.body.valid).toBe(false);
    expect(stale.body.findings.find((f: any) => f.code === "TIMESTAMP_OUT_OF_TOLERANCE").detail.skewSeconds).toBeGreaterThanOrEqual(600);

    // The secret is not kept: the request log has it redacted.
    const logged = await (await ownerOf(a)).request(form.headers.get("x-request-id")!);
    expect(logged.operationId).toBe("dev.signatures.explain");
    expect(logged.requestBody.secret).toBe("[redacted]");
    expect(JSON.stringify(logged.requestBody)).not.toContain(secret);
  });

  it("another app cannot explain this app's delivery: UNKNOWN_DELIVERY, nothing of it shown", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const b = await newApp({ groups: ["Payments"] });
    const got = await receivedCallback(a);
    const r = await explain(b, { headers: got.headers, body: got.body, secret: await secretOf(a) });
    expect(r.body.valid).toBe(false);
    expect(r.body).not.toHaveProperty("delivery");
    expect(codes(r)).toEqual(["UNKNOWN_DELIVERY", "WRONG_SECRET"]);
    expect(JSON.stringify(r.body)).not.toContain(got.body);
  });

  it("bodies up to 256 KiB; over that a 400 naming body; bad input a 400 naming the field", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const big = "x".repeat(256 * 1024);
    const ok = await explain(a, { headers: {}, body: big });
    expect([ok.status, ok.body.findings[0].code]).toEqual([200, "HEADER_MISSING"]);
    const over = await explain(a, { headers: {}, body: `${big}x` });
    expect([over.status, over.body.error, over.body.details[0].field]).toEqual([400, "VALIDATION_ERROR", "body"]);
    const quoted = await explain(a, { headers: {}, body: '"'.repeat(200 * 1024) }); // escaped to 400 KiB of JSON
    expect(quoted.status).toBe(200);
    const noBody = await explain(a, { headers: { a: "b" } });
    expect([noBody.status, noBody.body.details[0].field]).toEqual([400, "body"]);
    const notStrings = await explain(a, { headers: { a: 1 }, body: "" });
    expect([notStrings.status, notStrings.body.details[0].field]).toEqual([400, "headers.a"]);
    const tooLarge = await a.call("POST", "/dev/v1/signatures/explain", JSON.stringify({ headers: {}, body: "y".repeat(1100 * 1024) }));
    expect([tooLarge.status, tooLarge.body.error]).toEqual([413, "BODY_TOO_LARGE"]);
  });

  it("another app's delivery named by x-svc-delivery alone, and another app's receiver-check case: UNKNOWN_DELIVERY, nothing of them shown", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const b = await newApp({ groups: ["Payments"] });
    const got = await receivedCallback(b);
    const { "webhook-id": _id, ...svcOnly } = got.headers;
    const bySvcId = await explain(a, { headers: svcOnly, body: got.body });
    expect([bySvcId.status, codes(bySvcId).slice(0, 2)]).toEqual([200, ["HEADER_MISSING", "UNKNOWN_DELIVERY"]]);
    const check = await b.call("POST", "/dev/v1/receiver-checks", { url: `${rx.url}/check-${b.appId}` });
    expect(check.status).toBe(201);
    const valid = check.body.cases.find((c: { name: string }) => c.name === "valid");
    const own = await explain(b, valid.sent);
    expect(codes(own)).toContain("RECEIVER_CHECK");
    const foreign = await explain(a, valid.sent);
    expect([foreign.status, codes(foreign)]).toEqual([200, ["UNKNOWN_DELIVERY", "WRONG_SECRET"]]);
    for (const r of [bySvcId, foreign]) {
      expect(r.body).not.toHaveProperty("delivery");
      expect(JSON.stringify(r.body)).not.toContain(b.appId);
    }
  });

  it("bodies at the endpoint's limit: 1 MiB of JSON is read, a byte more is 413 (declared or streamed); 256 KiB of multi-byte text, and a large or deeply nested body against a real delivery, are explained", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const LIMIT = 1024 * 1024;
    // "\u001f" is six bytes of JSON for one character: 1 MiB of JSON whose body is ~170 KiB
    const shell = JSON.stringify({ headers: {}, body: "" }).length;
    const control = "\u001f".repeat(Math.floor((LIMIT - shell) / 6));
    const atLimit = JSON.stringify({ headers: {}, body: control + "a".repeat((LIMIT - shell) % 6) });
    expect(Buffer.byteLength(atLimit)).toBe(LIMIT);
    const ok = await a.call("POST", "/dev/v1/signatures/explain", atLimit);
    expect([ok.status, ok.body.findings?.[0]?.code]).toEqual([200, "HEADER_MISSING"]);
    const over = await a.call("POST", "/dev/v1/signatures/explain", atLimit.replace('"body":"', '"body":"a'));
    expect([over.status, over.body.error, typeof over.body.requestId]).toEqual([413, "BODY_TOO_LARGE", "string"]);
    const streamed = await fetch(`${origin()}/sandbox/dev/v1/signatures/explain`, {
      method: "POST", headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json" }, duplex: "half",
      body: new Blob([atLimit.replace('"body":"', '"body":"a')]).stream(),
    } as RequestInit);
    expect([streamed.status, ((await streamed.json()) as { error: string }).error]).toEqual([413, "BODY_TOO_LARGE"]);
    // 256 KiB in two-byte characters: the limit counts bytes
    const wide = "é".repeat(128 * 1024);
    expect((await explain(a, { headers: {}, body: wide })).status).toBe(200);
    const wider = await explain(a, { headers: {}, body: `${wide}a` });
    expect([wider.status, wider.body.error, wider.body.details[0].field]).toEqual([400, "VALIDATION_ERROR", "body"]);
    // against a real delivery of the app: 256 KiB of something else, and JSON nested 128 Ki deep
    const got = await receivedCallback(a);
    for (const body of ["x".repeat(256 * 1024), `${"[".repeat(128 * 1024)}${"]".repeat(128 * 1024)}`]) {
      const r = await explain(a, { headers: got.headers, body });
      expect([r.status, codes(r)[0]]).toEqual([200, "BODY_CHANGED"]);
    }
  });

  it("the console's inbox explains an entry whose signature is invalid", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const got = await receivedCallback(a);
    const { "content-length": _l, host: _h, connection: _c, ...headers } = got.headers;
    const forged = await http("POST", a.inspectorUrl, { headers, body: got.body.replace(/"amount":\d+/, '"amount":99999') });
    expect(forged.status).toBe(200);
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    const inbox = await fetch(`${origin()}/api/console/apps/${a.appId}/inbox`, { headers: { cookie: session! } }).then((r) => r.json());
    const entry = inbox.items[0];
    expect(entry.signature.result).toBe("invalid");
    expect(entry.explanation.findings[0]).toMatchObject({ code: "BODY_CHANGED", detail: { looks: "different" } });
    expect(entry.explanation.findings[0].message).toContain(`delivery ${got.headers["x-svc-delivery"]}`);
  });
});

describe.concurrent("readiness", () => {
  it("lists the scenarios of the subscribed operations and flips one to exercised after a call; callbackAnswered only for the app's own receiver", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const before = await a.call("GET", "/dev/v1/readiness");
    expect(before.status).toBe(200);
    expect(before.body.operations.map((o: any) => o.operationId)).toEqual(["collect.push", "collect.status"]);
    const paid = () => before.body.operations[0].scenarios.find((s: any) => s.key === "paid");
    expect(paid()).toEqual({ key: "paid", summary: expect.any(String), exercised: false, lastAt: null, calls: 0 });
    expect(before.body).not.toHaveProperty("receiverCheck");
    expect(before.body.progress).toMatchObject({ exercised: 0, total: 9, callbacksAnswered: 0, callbacksTotal: 4 });

    await receivedCallback(a); // paid, to a receiver of the integrator
    const cancelled = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: a.inspectorUrl }), { "x-svc-time-scale": "0" });
    expect(cancelled.status).toBe(202);
    await a.call("GET", `/dev/v1/callbacks/wait?resourceId=${cancelled.body.checkoutId}&timeout=20`);
    const after = await a.call("GET", "/dev/v1/readiness");
    const push = after.body.operations[0].scenarios;
    const byKey = (k: string) => push.find((s: any) => s.key === k);
    expect(byKey("paid")).toMatchObject({ exercised: true, calls: 1, callbackAnswered: true });
    expect(Date.now() - Date.parse(byKey("paid").lastAt)).toBeLessThan(60_000);
    expect(byKey("cancelled")).toMatchObject({ exercised: true, callbackAnswered: false }); // only the inspector answered
    expect(byKey("no_answer")).toEqual(expect.objectContaining({ exercised: false }));
    expect(byKey("no_answer")).not.toHaveProperty("callbackAnswered");
    expect(after.body.progress).toMatchObject({ exercised: 2, callbacksAnswered: 1 });

    // Another app's checklist is its own.
    const b = await newApp({ groups: ["Identity"] });
    const theirs = await b.call("GET", "/dev/v1/readiness");
    expect(theirs.body.operations.map((o: any) => o.operationId)).toEqual(["identity.verify", "identity.get"]);
    expect(theirs.body.progress.exercised).toBe(0);
  });
});

describe("on a server's test clock", () => {
  it("the console's explain judges a timestamp on the server's clock, as the developer endpoint does", async () => {
    const url = (await ownDb("signature_clock")).url;
    const server = await startServer({ databaseUrl: url, testClock: true });
    try {
      const app = await setUpApp(url, server.origin);
      const owner = await ownerView({ appId: app.appId, user: { email: app.email } }, OWN_PASSWORD, server.origin);
      const secret = (await owner.get("/signing-secret")).signingSecret as string;
      // the server's clock ten minutes ahead of the wall clock (past the 5 minutes' tolerance, within the token's hour):
      // a callback signed at the server's now is fresh there
      const now = await advanceClock(server.origin, Date.now() + 600_000);
      const body = JSON.stringify({ checkoutId: "chk_clock", status: "COMPLETED" });
      const input = { headers: { "content-type": "application/json", ...callbackSignatureHeaders([secret], "dlv_clock", body, new Date(now)) }, body };
      const dev = await http("POST", `${server.origin}/sandbox/dev/v1/signatures/explain`, {
        headers: { authorization: `Bearer ${app.token}`, "content-type": "application/json" }, body: JSON.stringify(input),
      });
      const console_ = await owner.post("/signatures/explain", input);
      expect([dev.status, console_.status]).toEqual([200, 200]);
      expect(codes(dev)).not.toContain("TIMESTAMP_OUT_OF_TOLERANCE");
      expect(codes(console_)).toEqual(codes(dev));
      expect(console_.body.valid).toBe(dev.body.valid);
    } finally {
      await server.stop();
    }
  });
});
