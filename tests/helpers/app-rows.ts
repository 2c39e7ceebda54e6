// Every row an app has left, in one statement: its own row, each table of
// lib/rows APP_TABLES (the one list of an app's tables) and its deliveries'
// attempts. The sweep tests' proof that an ended sandbox left nothing; a table
// added to APP_TABLES is counted here without a change.
import { APP_TABLES } from "@/lib/rows";
import type { Dialect } from "@/lib/config";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const counts = [
  `SELECT COUNT(*) FROM "App" WHERE "id" = :app`,
  ...APP_TABLES.map((t) => `SELECT COUNT(*) FROM "${t.table}" WHERE "appId" = :app`),
  `SELECT COUNT(*) FROM "DeliveryAttempt" a JOIN "Delivery" d ON d."id" = a."deliveryId" WHERE d."appId" = :app`,
];
const statement = `SELECT ${counts.map((c) => `(${c})`).join(" + ")} AS n`;

/** `db` and `dialect`: the database of the server under test (a test's own server has its own). */
export async function appRowsLeft(db: Pick<PrismaClient, "$queryRawUnsafe">, dialect: Dialect, appId: string): Promise<number> {
  const pg = dialect === "postgresql";
  const sql = statement.replaceAll(":app", pg ? "$1" : "?");
  const args = pg ? [appId] : counts.map(() => appId);
  const [row] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(sql, ...args);
  return Number(row!.n);
}
