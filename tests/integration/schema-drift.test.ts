// The migrated database (the suite's, on whichever dialect it runs) holds
// exactly the models of prisma/schema.prisma: a model or field added without
// its migration (`npm run db:diff` writes both dialects') fails here.
import { describe, expect, it } from "vitest";
import { config } from "@/lib/runtime";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";

const COLUMNS = {
  sqlite: `SELECT m.name AS "table", p.name AS "column" FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'`,
  postgresql: `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns WHERE table_schema = 'public'`,
};

describe(`the ${config.dialect} database after its migrations`, () => {
  it("has one table per model with one column per scalar field, and nothing else", async () => {
    const rows = await db.$queryRawUnsafe<{ table: string; column: string }[]>(COLUMNS[config.dialect]);
    const actual = new Map<string, string[]>();
    for (const r of rows) {
      if (r.table.startsWith("_prisma") || r.table.startsWith("sqlite_")) continue;
      actual.set(r.table, [...(actual.get(r.table) ?? []), r.column].sort());
    }
    const expected = new Map(Object.values(Prisma.ModelName).map((m) => {
      const fields = (Prisma as unknown as Record<string, Record<string, string>>)[`${m}ScalarFieldEnum`]!;
      return [m as string, Object.values(fields).sort()];
    }));
    expect(Object.fromEntries([...actual].sort())).toEqual(Object.fromEntries([...expected].sort()));
  });
});
