// The console at scale: one app with BENCH_LOG_ROWS request-log rows (default
// 1,000,000) and BENCH_DELIVERY_ROWS deliveries (default 100,000), written
// straight into the bench database, then every console page and JSON route of
// that app timed as its signed-in owner would load them.
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { percentile } from "./load";

export type PageTiming = { path: string; status: number; p50: number; max: number };

const ts = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

/** Seeds the app's rows in a few large transactions; returns one request id and one delivery id to open. */
export function seed(dbFile: string, appId: string, logRows: number, deliveryRows: number): { requestId: string; deliveryId: string } {
  const db = new Database(dbFile);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const start = Date.now() - logRows * 50;
  const log = db.prepare(`INSERT INTO "RequestLog" ("requestId", "appId", "via", "method", "path", "operationId", "status", "scenarioKey", "durationMs",
    "requestHeaders", "requestBody", "responseHeaders", "responseBody", "createdAt") VALUES (?, ?, 'http', ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`);
  const dlv = db.prepare(`INSERT INTO "Delivery" ("id", "appId", "resourceId", "operationId", "scenarioKey", "url", "body", "dueAt", "state", "attempts", "lastStatus", "createdAt")
    VALUES (?, ?, ?, 'collect.push', 'paid', 'http://127.0.0.1:9/cb', ?, ?, ?, 1, ?, ?)`);
  const headers = JSON.stringify({ "content-type": "application/json", authorization: "Bearer [redacted]" });
  let requestId = "";
  let deliveryId = "";
  const batch = 50_000;
  for (let i = 0; i < logRows; i += batch) {
    db.transaction(() => {
      for (let j = i; j < Math.min(logRows, i + batch); j++) {
        requestId = id("req");
        const push = j % 3 !== 0;
        const status = j % 17 === 0 ? 429 : push ? 202 : 200;
        const body = push ? `{"shortCode":"174379","amount":100,"currency":"KES","phoneNumber":"254712345678","reference":"R${j}","callbackUrl":"http://127.0.0.1:9/cb"}` : null;
        log.run(requestId, appId, push ? "POST" : "GET", push ? "/collect/v1/push" : `/collect/v1/push/chk_${j}`, push ? "collect.push" : "collect.status",
          status, status === 429 ? null : push ? "paid" : "completed", headers, body, `{"x-request-id":"${requestId}"}`,
          push ? `{"checkoutId":"chk_${j}","status":"PENDING"}` : `{"checkoutId":"chk_${j}","status":"COMPLETED"}`, ts(start + j * 50));
      }
    })();
  }
  db.transaction(() => {
    for (let j = 0; j < deliveryRows; j++) {
      deliveryId = id("dlv");
      const failed = j % 7 === 0;
      dlv.run(deliveryId, appId, `chk_${j}`, `{"checkoutId":"chk_${j}","resultCode":0}`, ts(start + j * 500), failed ? "FAILED" : "DELIVERED", failed ? 500 : 200, ts(start + j * 500));
    }
  })();
  db.close();
  return { requestId, deliveryId };
}

/** A console session for the user, through next-auth's credentials sign-in over HTTP. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const r = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
    body: new URLSearchParams({ csrfToken, email, password }).toString(),
  });
  const session = r.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c!.includes("session-token"));
  if (!session) throw new Error(`sign-in failed: ${r.status}`);
  return `${jar}; ${session}`;
}

/** Each path loaded `times` times in a row (after one warm-up load): p50 and max in ms. */
export async function timePages(origin: string, cookie: string, paths: string[], times = 5): Promise<PageTiming[]> {
  const out: PageTiming[] = [];
  for (const p of paths) {
    const get = async () => {
      const t0 = performance.now();
      const r = await fetch(`${origin}${p}`, { headers: { cookie }, redirect: "manual" });
      await r.arrayBuffer();
      return { ms: performance.now() - t0, status: r.status };
    };
    await get();
    const runs = [];
    for (let i = 0; i < times; i++) runs.push(await get());
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    out.push({ path: p, status: runs[0]!.status, p50: percentile(ms, 50), max: ms.at(-1)! });
  }
  return out;
}
