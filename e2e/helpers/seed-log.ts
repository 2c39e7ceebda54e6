// Bulk request-log rows for one app, straight into the e2e database in one
// transaction (the gateway would take minutes and its rate limit to make them).
import path from "node:path";
import Database from "better-sqlite3";
import { E2E_DB } from "./console";

/** `n` rows: every 10th a 404, every 50th a 500, the rest 200; seq ascending with time. */
export function seedRequestLog(appId: string, n: number): void {
  const db = new Database(path.resolve(import.meta.dirname, "..", "..", E2E_DB), { timeout: 10_000 });
  try {
    const insert = db.prepare(`INSERT INTO "RequestLog" ("requestId","appId","via","method","path","operationId","status","scenarioKey","durationMs","requestHeaders","requestBody","responseHeaders","responseBody","createdAt")
      VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
    const start = Date.now() - n * 1000;
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const status = i % 50 === 0 ? 500 : i % 10 === 0 ? 404 : 200;
        const scenario = status === 404 ? "not_found" : status === 500 ? null : "completed";
        insert.run(
          `req_seed${appId.slice(4, 12)}${String(i).padStart(7, "0")}`, appId, i % 7 === 0 ? "mcp" : "http", "GET", `/collect/v1/push/chk_${i}`,
          "collect.status", status, scenario, 60, '{"authorization":"Bearer [redacted]"}', null, "{}", '{"seeded":true}',
          new Date(start + i * 1000).toISOString(),
        );
      }
    })();
  } finally {
    db.close();
  }
}
