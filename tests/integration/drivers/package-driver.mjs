// Drives the installed svc-sandbox npm package (plain JavaScript, every API in
// one package) against the gateway; prints a JSON report. Copied next to the
// temporary project's node_modules and run there by
// tests/integration/client-packages.test.ts (CONFIG names its JSON file).
import fs from "node:fs";
import { CollectClient, PayoutsClient, SandboxApiError, verifyCallback } from "svc-sandbox";

const cfg = JSON.parse(fs.readFileSync(process.env.CONFIG, "utf8"));
const collect = new CollectClient({ consumerKey: cfg.key, consumerSecret: cfg.secret, baseUrl: cfg.base });
const payouts = new PayoutsClient({ consumerKey: cfg.key, consumerSecret: cfg.secret, baseUrl: cfg.base, timeoutMs: 10_000 });

const out = { token: Boolean(await collect.accessToken()) };
const pushed = await collect.pushWithResponse(cfg.collect.body);
out.created = pushed.data;
out.read = await collect.status(pushed.data[cfg.collect.idField]);
out.errors = [];
for (const [name, call] of [
  ["collect", () => collect.push(cfg.collect.body2, { scenario: cfg.collect.errorScenario })],
  ["payouts", () => payouts.send(cfg.payouts.invalidBody)],
]) {
  try {
    await call();
    out.errors.push(null);
  } catch (e) {
    if (!(e instanceof SandboxApiError)) throw e; // one class for every API's errors
    out.errors.push({ api: name, status: e.status, code: e.code, message: e.body.message, requestId: e.requestId, details: e.details });
  }
}
const cb = cfg.callback;
out.verify = [await verifyCallback(cb.body, cb.headers, cb.secret), await verifyCallback(`${cb.body} `, cb.headers, cb.secret)];
console.log(JSON.stringify(out));
