// A Delivery row (and its attempts) is written only by the callbacks store
// (lib/callbacks/store: statements.ts and the files that run them): no other
// file of the product creates, updates or deletes one, through Prisma or in
// SQL. Tests, e2e and the benchmark seed rows of their own and are not looked at.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const PRODUCT = ["lib", "server", "app", "components", "scripts", "cli", "proxy.ts"];
const OWNER = "lib/callbacks/store/";
const SKIP = ["lib/generated/"];

const WRITES = [
  /\b(delivery|deliveryAttempt)\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|delete|deleteMany|upsert)\b/,
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(Delivery|DeliveryAttempt)"/i,
  /\bbatchDelete\(\s*"(Delivery|DeliveryAttempt)"/,
];

/** The lines of `text` that write a Delivery or DeliveryAttempt row. */
function deliveryWrites(text: string): string[] {
  return text.split("\n").filter((line) => WRITES.some((w) => w.test(line)));
}

function files(rel: string): string[] {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return /\.(ts|tsx|mjs|cjs|js)$/.test(rel) ? [rel] : [];
  return fs.readdirSync(full).flatMap((name) => files(path.posix.join(rel, name)));
}

describe("Delivery writes", () => {
  it("no file outside lib/callbacks/store writes a Delivery row", () => {
    const found = PRODUCT.flatMap(files)
      .filter((f) => !f.startsWith(OWNER) && !SKIP.some((s) => f.startsWith(s)))
      .flatMap((f) => deliveryWrites(fs.readFileSync(path.join(root, f), "utf8")).map((line) => `${f}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it("the store itself writes them (the check reads the files it should)", () => {
    expect(files("lib/callbacks/store").flatMap((f) => deliveryWrites(fs.readFileSync(path.join(root, f), "utf8"))).length).toBeGreaterThan(5);
  });

  it("sees each kind of write", () => {
    for (const line of [
      "await tx.delivery.create({ data: delivery });",
      "db.deliveryAttempt.deleteMany({ where: { delivery: { appId } } }),",
      "const lease = await db.delivery.updateMany({",
      "db.delivery\n  .upsert({",
      'sql`UPDATE "Delivery" SET "state" = \'NOT_SENT\'`',
      'sql`DELETE FROM "DeliveryAttempt" WHERE 1`',
      'insert into "Delivery" (x) values (1)',
      'batchDelete("Delivery", "seq", dialect)',
    ]) {
      expect(deliveryWrites(line.replace("\n  ", "")), line).not.toEqual([]);
    }
    for (const line of ["db.delivery.findMany({ where })", 'SELECT 1 FROM "Delivery"', "db.app.delete({ where: { id } })"]) {
      expect(deliveryWrites(line), line).toEqual([]);
    }
  });
});
