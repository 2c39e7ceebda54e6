// Statements of lib/db/sql.ts run through Prisma: for services that need one
// statement Prisma's query API cannot say (an INSERT … SELECT that checks a
// count, a batched DELETE), inside Prisma's transactions and batches, written
// once for both dialects and compiled for the one in use with that dialect's
// value encoding (lib/db/sqlite.ts, lib/db/pg.ts).
import { config } from "@/lib/runtime";
import type { Dialect } from "@/lib/config";
import { encode as pgValue } from "./pg";
import type { Db } from "./prisma";
import { compile, type Compiled, type Sql } from "./sql";
import { encode as sqliteValue } from "./sqlite";

/**
 * `statement(params)` is a PrismaPromise of the rows changed: run it alone, or in `db.$transaction([...])`.
 * `dialect`: the client's database's, when it is not the configured one (the store tests).
 */
export function rawStatement<P>(s: Sql<P, object>, client: Pick<Db, "$executeRawUnsafe">, dialect: Dialect = config.dialect) {
  let compiled: Compiled | undefined;
  return (params: P) => {
    compiled ??= compile(s, dialect, dialect === "postgresql" ? pgValue : sqliteValue);
    return client.$executeRawUnsafe(compiled.text, ...compiled.bind(params as object));
  };
}

/** The same for a statement that reads rows (a SELECT, or a write with RETURNING): a PrismaPromise of them. */
export function rawQuery<P, R>(s: Sql<P, R>, client: Pick<Db, "$queryRawUnsafe">, dialect: Dialect = config.dialect) {
  let compiled: Compiled | undefined;
  return (params: P) => {
    compiled ??= compile(s, dialect, dialect === "postgresql" ? pgValue : sqliteValue);
    return client.$queryRawUnsafe<R[]>(compiled.text, ...compiled.bind(params as object));
  };
}
