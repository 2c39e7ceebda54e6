// Real callbacks from the real server verify with the `standardwebhooks` npm
// package and with the snippets the callbacks page shows, using the signing secret as the
// console shows it; after a rotation both secrets verify during the grace
// period, on the dispatcher's posts and on "Send it again".
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resendDelivery } from "@/lib/callbacks";
import { randomBase62 } from "@/lib/ids";
import { ownerView } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { cli, http, newApp, origin } from "../helpers/apps";

let rx: Receiver;
let docs: { verifyWebhook: (...args: unknown[]) => unknown; verifySignature: (...args: unknown[]) => unknown };
beforeAll(async () => {
  rx = await startReceiver();
  docs = await docsSnippets();
});
afterAll(() => rx.close());

/** The Node verifiers the callbacks page shows (/docs/callbacks, as its Markdown twin serves it), as one module each. */
async function docsSnippets() {
  const page = await http("GET", `${origin()}/docs/callbacks.md`);
  expect(page.status).toBe(200);
  const blocks = [...page.text.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => /export function verify(Webhook|Signature)\(/.test(b));
  expect(blocks).toHaveLength(2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-"));
  const mods = await Promise.all(blocks.map((b, i) => {
    const file = path.join(dir, `snippet-${i}.mjs`);
    fs.writeFileSync(file, b);
    return import(/* @vite-ignore */ file);
  }));
  return Object.assign({}, ...mods);
}

/** A payout whose callback (float_low: 2 s) goes to the receiver; resolves with what arrived. */
async function payoutCallback(app: Awaited<ReturnType<typeof newApp>>) {
  const tag = randomBase62(8);
  const body = { amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `SW-${tag}`, callbackUrl: `${rx.url}/${tag}` };
  const r = await app.call("POST", "/payouts/v1/send", body, { "x-svc-scenario": "float_low" });
  expect(r.status).toBe(202);
  const got = await rx.first((x) => x.path === `/${tag}`, 30_000);
  return { got, headers: got.headers as Record<string, string> };
}

/** The signing secret as the console shows it to the app's owner. */
const secretOf = async (app: Awaited<ReturnType<typeof newApp>>) => (await (await ownerView(app)).get("/signing-secret")).signingSecret as string;

describe.concurrent("Standard Webhooks", () => {
  it("a callback verifies with the standardwebhooks package and the docs' snippets", async () => {
    const app = await newApp();
    const secret = await secretOf(app);
    const { got, headers } = await payoutCallback(app);
    expect(headers["webhook-id"]).toBe(headers["x-svc-delivery"]);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(got.body, headers)).toMatchObject({ status: "FAILED", resultCode: 2001 });
    expect(docs.verifyWebhook(got.body, headers, secret)).toBe(true);
    expect(docs.verifySignature(got.body, headers["x-svc-signature"], secret)).toBe(true);
    // Tampering fails everywhere.
    const tampered = got.body.replace("2001", "0");
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow();
    expect(docs.verifyWebhook(tampered, headers, secret)).toBe(false);
    expect(docs.verifySignature(tampered, headers["x-svc-signature"], secret)).toBe(false);
  });

  it("after a rotation both secrets verify, on the dispatcher's posts and on Send it again; with no grace only the new one", async () => {
    const app = await newApp();
    const old = await secretOf(app);
    const rotated = await cli("app", "rotate-secret", "--app", app.appId, "--grace-hours", "2");
    expect(rotated.code).toBe(0);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(7_000_000);
    const current = await secretOf(app);
    expect(rotated.json.signingSecret).toBe(current); // printed this once, so scripts can verify with it
    expect(current).not.toBe(old);

    const { got, headers } = await payoutCallback(app);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [old, current]) {
      expect(new Webhook(secret).verify(got.body, headers)).toMatchObject({ resultCode: 2001 });
      expect(docs.verifySignature(got.body, headers["x-svc-signature"], secret)).toBe(true);
    }

    const id = headers["x-svc-delivery"]!;
    const owner = await ownerView(app);
    await vi.waitFor(async () => expect((await owner.delivery(id)).state).toBe("DELIVERED"), { timeout: 20_000, interval: 50 });
    const before = rx.received.length;
    await resendDelivery(headers["x-svc-delivery"]!, app.appId);
    const again = rx.received.slice(before).find((r) => r.headers["webhook-id"] === headers["webhook-id"])!;
    expect(again.body).toBe(got.body);
    for (const secret of [old, current]) expect(new Webhook(secret).verify(again.body, again.headers as Record<string, string>)).toBeTruthy();

    // A rotation without grace: the secret before stops signing at once.
    expect((await cli("app", "rotate-secret", "--app", app.appId, "--grace-hours", "0")).json.previousSecretExpiresAt).toBeNull();
    const newest = await secretOf(app);
    const last = await payoutCallback(app);
    expect(last.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(new Webhook(newest).verify(last.got.body, last.headers)).toBeTruthy();
    expect(() => new Webhook(current).verify(last.got.body, last.headers)).toThrow();
    expect(docs.verifySignature(last.got.body, last.headers["x-svc-signature"], current)).toBe(false);
  });

  it("rotation refuses a grace period out of range", async () => {
    const r = await cli("app", "rotate-secret", "--app", "app_nope", "--grace-hours", "500");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/grace hours must be at most 168/);
  });
});
