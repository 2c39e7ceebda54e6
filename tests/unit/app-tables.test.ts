// lib/rows `APP_TABLES`, the one list of an app's tables (the sandbox
// sweeper's batches and a reset's statements are made from it), held to the
// Prisma schema: a model given an appId column and not listed fails here.
import { describe, expect, it } from "vitest";
import { APP_TABLES } from "@/lib/rows";
import { Prisma } from "@/lib/generated/prisma/client";

const fieldsOf = (model: string) => (Prisma as unknown as Record<string, object | undefined>)[`${model}ScalarFieldEnum`] ?? {};

describe("the list of an app's tables", () => {
  it("names every model with an appId column, each once", () => {
    const withAppId = Object.keys(Prisma.ModelName).filter((m) => "appId" in fieldsOf(m));
    const listed = APP_TABLES.map((t) => t.table);
    expect(withAppId).toContain("ReceiverCheck");
    expect([...listed].sort()).toEqual(withAppId.sort());
  });

  it("gives each table's sweeper key as one of its columns (the deliveries' rows have the callbacks store's)", () => {
    for (const t of APP_TABLES) {
      if (t.key === null) expect(t.table).toBe("Delivery");
      else expect(Object.keys(fieldsOf(t.table))).toContain(t.key);
    }
  });

  it("says what a reset does to each, and names the counts the reset answers once each", () => {
    for (const t of APP_TABLES) expect(["keep", "restore", "wipe"]).toContain(t.reset);
    const counted = APP_TABLES.flatMap((t) => ("as" in t ? [t.as] : []));
    expect(new Set(counted).size).toBe(counted.length);
    expect(APP_TABLES.filter((t) => "as" in t && t.reset !== "wipe")).toEqual([]);
  });
});
