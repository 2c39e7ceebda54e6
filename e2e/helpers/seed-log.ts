// Bulk request-log rows for one app, straight into the e2e database (the gateway
// would take minutes and its rate limit to make them), in transactions of
// CHUNK rows with a pause between them: this process and the portal share the
// file, and SQLite's write lock has no queue across processes, so one
// transaction of 100,000 rows on a busy machine held it past the portal's 5 s
// busy timeout and another test's gateway call answered 503 "database is locked".
import path from "node:path";
import Database from "better-sqlite3";
import { E2E_DB } from "./console";

const CHUNK = 5_000;
/** Long enough for a writer in the portal, retrying under its busy timeout (at most 100 ms apart), to take the lock. */
const PAUSE_MS = 150;

/** `n` rows: every 10th a 404, every 50th a 500, the rest 200; seq ascending with time. */
export async function seedRequestLog(appId: string, n: number): Promise<void> {
  const db = new Database(path.resolve(import.meta.dirname, "..", "..", E2E_DB), { timeout: 10_000 });
  try {
    const insert = db.prepare(`INSERT INTO "RequestLog" ("requestId","appId","via","method","path","operationId","status","scenarioKey","durationMs","requestHeaders","requestBody","responseHeaders","responseBody","createdAt")
      VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
    const start = Date.now() - n * 1000;
    const rows = db.transaction((from: number) => {
      for (let i = from; i < Math.min(n, from + CHUNK); i++) {
        const status = i % 50 === 0 ? 500 : i % 10 === 0 ? 404 : 200;
        const scenario = status === 404 ? "not_found" : status === 500 ? null : "completed";
        insert.run(
          `req_seed${appId.slice(4, 12)}${String(i).padStart(7, "0")}`, appId, i % 7 === 0 ? "mcp" : "http", "GET", `/collect/v1/push/chk_${i}`,
          "collect.status", status, scenario, 60, '{"authorization":"Bearer [redacted]"}', null, "{}", '{"seeded":true}',
          new Date(start + i * 1000).toISOString(),
        );
      }
    });
    for (let from = 0; from < n; from += CHUNK) {
      if (from > 0) await new Promise((r) => setTimeout(r, PAUSE_MS));
      rows(from);
    }
  } finally {
    db.close();
  }
}
