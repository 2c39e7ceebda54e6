// A delivery with every attempt (oldest first) as the console reads it (the
// callback's detail, deliveries.ts; a resource's timeline, timeline.ts): in ONE
// statement, the attempts aggregated as JSON beside the row, on either database.
// Two statements (Prisma's include reads the attempts in a second one) let a
// writer land between them: a delivery shown DELIVERED with no attempt, or an
// attempt newer than the state beside it.
import type { Dialect } from "@/lib/config";
import { config } from "@/lib/runtime";
import type { Db } from "@/lib/db/prisma";
import { rawQuery } from "@/lib/db/raw";
import { param, Sql } from "@/lib/db/sql";
import { Delivery as DeliveryTable, DeliveryAttempt as AttemptTable } from "@/lib/db/tables";
import { Prisma, type Delivery, type DeliveryAttempt } from "@/lib/generated/prisma/client";

export type DeliveryWithAttempts = Delivery & { attemptLog: DeliveryAttempt[] };

/** A model's date columns, as lib/db/tables.ts names them (checked against the models by the compiler). */
const datesOf = (kinds: Readonly<Record<string, string>>) => new Set(Object.keys(kinds).filter((c) => kinds[c] === "date"));
const DELIVERY_DATES = datesOf(DeliveryTable.cols(Object.keys(Prisma.DeliveryScalarFieldEnum) as (keyof typeof Prisma.DeliveryScalarFieldEnum)[]).kinds);
const ATTEMPT_DATES = datesOf(AttemptTable.cols(Object.keys(Prisma.DeliveryAttemptScalarFieldEnum) as (keyof typeof Prisma.DeliveryAttemptScalarFieldEnum)[]).kinds);

/** `'col', alias."col", …` for a JSON object of every column; PostgreSQL's dates as timestamptz, so their JSON carries the offset. */
function pairs(columns: readonly string[], alias: string, dates: Set<string>, dialect: Dialect): string {
  return columns
    .map((c) => `'${c}', ${dialect === "postgresql" && dates.has(c) ? `${alias}."${c}" AT TIME ZONE 'UTC'` : `${alias}."${c}"`}`)
    .join(", ");
}

function statement(dialect: Dialect, by: "id" | "resourceId"): Sql<{ appId: string; key: string }, { row: string }> {
  const d = pairs(Object.keys(Prisma.DeliveryScalarFieldEnum), "d", DELIVERY_DATES, dialect);
  const a = pairs(Object.keys(Prisma.DeliveryAttemptScalarFieldEnum), "a", ATTEMPT_DATES, dialect);
  const attempts =
    dialect === "postgresql"
      ? `COALESCE((SELECT json_agg(json_build_object(${a}) ORDER BY a."id") FROM "DeliveryAttempt" a WHERE a."deliveryId" = d."id"), '[]'::json)`
      : `(SELECT json_group_array(json_object(${a}) ORDER BY a."id") FROM "DeliveryAttempt" a WHERE a."deliveryId" = d."id")`;
  const row = dialect === "postgresql" ? `json_build_object(${d}, 'attemptLog', ${attempts})::text` : `json_object(${d}, 'attemptLog', json(${attempts}))`;
  return new Sql([`SELECT ${row} AS "row" FROM "Delivery" d WHERE d."appId" = `, param("appId", "text"), ` AND d."${by}" = `, param("key", "text"), ` ORDER BY d."seq"`]);
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function decode(text: string): DeliveryWithAttempts {
  const o = JSON.parse(text) as Record<string, unknown> & { attemptLog: Record<string, unknown>[] };
  for (const c of DELIVERY_DATES) o[c] = date(o[c]);
  for (const at of o.attemptLog) for (const c of ATTEMPT_DATES) at[c] = date(at[c]);
  return o as unknown as DeliveryWithAttempts;
}

/** The app's delivery `id` with its attempts, or null. */
export async function deliveryWithAttempts(appId: string, id: string, db: Pick<Db, "$queryRawUnsafe">, dialect: Dialect = config.dialect): Promise<DeliveryWithAttempts | null> {
  const [r] = await rawQuery(statement(dialect, "id"), db, dialect)({ appId, key: id });
  return r ? decode(r.row) : null;
}

/** The app's deliveries of resource `resourceId` (oldest first), each with its attempts. */
export async function deliveriesOfResource(appId: string, resourceId: string, db: Pick<Db, "$queryRawUnsafe">, dialect: Dialect = config.dialect): Promise<DeliveryWithAttempts[]> {
  return (await rawQuery(statement(dialect, "resourceId"), db, dialect)({ appId, key: resourceId })).map((r) => decode(r.row));
}
