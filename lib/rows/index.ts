// The base tier's shared row statements (statements.ts) run through Prisma, in the
// caller's transaction where it has one. `dialect`: the database's, when it is
// not the configured one (tests/store/rows.test.ts).
import { config } from "@/lib/runtime";
import type { Dialect } from "@/lib/config";
import type { Db } from "@/lib/db/prisma";
import { rawQuery, rawStatement } from "@/lib/db/raw";
import * as S from "./statements";

export { APP_TABLES, appBatches, type ResetRule } from "./statements";

type Exec = Pick<Db, "$executeRawUnsafe">;
/** What counts on a throttle: the process's client or a transaction's. */
export type Counter = Pick<Db, "$queryRawUnsafe" | "$executeRawUnsafe">;

export type ThrottleCount = { key: string; window: number; n: number; expiresAt: Date };

/** Counts `n` on the key in its window; answers the count after it. */
export async function takeThrottle(db: Counter, p: ThrottleCount, dialect?: Dialect): Promise<number> {
  const rows = await rawQuery(S.throttleTake, db, dialect)(p);
  return Number(rows[0]!.count);
}

export const refundThrottle = (db: Exec, p: { key: string; window: number; n: number }, dialect?: Dialect) => rawStatement(S.throttleRefund, db, dialect)(p);

/** Deletes the rows of windows ended by `at`. */
export const pruneThrottles = (db: Exec, at: Date, dialect?: Dialect) => rawStatement(S.throttlePrune(dialect ?? config.dialect), db, dialect)({ at });

/** The app's row lock (1), or 0 when there is no such app: alone, first in a batch transaction, or in an interactive one. */
export const lockApp = (db: Exec, id: string, dialect?: Dialect) => rawStatement(S.lockApp, db, dialect)({ id });
export const lockUser = (db: Exec, id: string, dialect?: Dialect) => rawStatement(S.lockUser, db, dialect)({ id });
export const lockTeam = (db: Exec, id: string, dialect?: Dialect) => rawStatement(S.lockTeam, db, dialect)({ id });

export type SandboxRows = {
  parentId: string; appId: string; name: string; parentInspector: string; childInspector: string; signingSecret: string;
  expiresAt: Date; now: Date; limit: number; key: { id: string; consumerKey: string; secretHash: string; label: string | null };
};
/** A sandbox's app row (1 when inserted, 0 when the parent may not have another), its subscriptions and key pair: for one batch transaction. */
export const insertSandbox = (db: Exec, { key, ...p }: SandboxRows, dialect?: Dialect) =>
  [
    rawStatement(S.insertSandbox, db, dialect)(p),
    rawStatement(S.copySubscriptions, db, dialect)(p),
    rawStatement(S.insertSandboxKeyPair, db, dialect)({ ...p, keyId: key.id, consumerKey: key.consumerKey, secretHash: key.secretHash, label: key.label }),
  ] as const;

/** The app's rows of `table` deleted (a table `APP_TABLES` says a reset wipes): for the caller's batch transaction. */
export const wipeAppRows = (db: Exec, table: string, appId: string, dialect?: Dialect) => rawStatement(S.wipeApp(table), db, dialect)({ appId });

/** Stores `value` under `key` unless a value is stored there already: 1 when this one was, 0 when another was first. */
export const insertSettingOnce = (db: Exec, key: string, value: string, dialect?: Dialect) => rawStatement(S.insertSettingOnce, db, dialect)({ key, value });
