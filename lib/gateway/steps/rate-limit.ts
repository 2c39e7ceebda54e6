import { ApiError } from "@/lib/errors";
import type { Step } from "../context";
import { rateHeaders, windowOf } from "../rate-window";

/**
 * Counts the call in the app's window (one atomic upsert, valid on SQLite and
 * PostgreSQL) and refuses it past the app's limit. Past windows are pruned
 * when an app's new window opens, so the table stays one row per active app.
 */
export const rateLimit: Step = async (s, db) => {
  const app = s.app!;
  const window = windowOf(s.receivedAt);
  const rows = await db.$queryRaw<{ count: number | bigint }[]>`
    INSERT INTO "RateWindow" ("appId", "window", "count") VALUES (${app.id}, ${window}, 1)
    ON CONFLICT ("appId", "window") DO UPDATE SET "count" = "RateWindow"."count" + 1
    RETURNING "count"`;
  const count = Number(rows[0]!.count);
  if (count === 1) await db.rateWindow.deleteMany({ where: { appId: app.id, window: { lt: window } } });
  Object.assign(s.headers, rateHeaders(app.perMinute, count, s.receivedAt));
  if (count > app.perMinute) {
    throw new ApiError("RATE_LIMITED", `the app made more than ${app.perMinute} calls this minute; wait for the next minute and resend`);
  }
};
