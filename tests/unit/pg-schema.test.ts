// The PostgreSQL schema is derived from prisma/schema.prisma: the
// committed file must be exactly what the derivation gives, and every SQLite
// migration made since PostgreSQL arrived has its PostgreSQL twin (npm run
// db:diff writes both). tests/integration/schema-drift.test.ts checks the
// migrated database itself.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivePgSchema, PG_SCHEMA, SQLITE_SCHEMA } from "@/lib/db/pg-schema";

const root = path.resolve(import.meta.dirname, "..", "..");
const read = (p: string) => fs.readFileSync(path.join(root, p), "utf8");
const migrations = (dir: string) => fs.readdirSync(path.join(root, dir)).filter((d) => /^\d{14}_/.test(d)).sort();

describe("PostgreSQL schema", () => {
  it("is the derivation of prisma/schema.prisma (run npm run db:pg-schema after a change)", () => {
    expect(read(PG_SCHEMA)).toBe(derivePgSchema(read(SQLITE_SCHEMA)));
  });

  it("differs only in provider and generated client", () => {
    const lines = (s: string) => s.split("\n").filter((l) => !l.startsWith("//"));
    const a = lines(read(SQLITE_SCHEMA));
    const b = lines(read(PG_SCHEMA));
    const changed = a.filter((l, i) => l !== b[i]);
    expect(a).toHaveLength(b.length);
    expect(changed.map((l) => l.trim())).toEqual(['output       = "../lib/generated/prisma"', 'provider = "sqlite"']);
  });

  it("refuses provider-only types in the models", () => {
    expect(() => derivePgSchema(read(SQLITE_SCHEMA).replace("name          String", "name          String @db.VarChar(40)"))).toThrow(/portable/);
  });

  it("every SQLite migration since the PostgreSQL init has a PostgreSQL twin of the same name", () => {
    const pg = migrations("prisma/postgresql/migrations");
    const since = pg[0]!.slice(0, 14);
    const sqliteSince = migrations("prisma/migrations").filter((m) => m.slice(0, 14) > since);
    expect(sqliteSince.filter((m) => !pg.includes(m))).toEqual([]);
  });
});
