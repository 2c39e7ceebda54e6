// The migration that moves signing secrets to the Standard Webhooks format
// (whsec_ + Base64) keeps the key bytes of secrets made before (whsec_ +
// Base64url), and leaves secrets already in the new format alone.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Webhook } from "standardwebhooks";
import { expect, it } from "vitest";
import { newSigningSecret } from "@/lib/crypto";

const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
const migration = fs.readdirSync(dir).find((d) => d.endsWith("_signing_secret_rotation"))!;
const sql = fs.readFileSync(path.join(dir, migration, "migration.sql"), "utf8");
const update = sql.slice(sql.indexOf("UPDATE"));

it("rewrites whsec_+Base64url secrets to whsec_+Base64 with the same key bytes", () => {
  const db = new Database(":memory:");
  db.exec(`CREATE TABLE "App" ("id" TEXT PRIMARY KEY, "signingSecret" TEXT NOT NULL)`);
  const keys = Array.from({ length: 50 }, () => randomBytes(32));
  const insert = db.prepare(`INSERT INTO "App" VALUES (?, ?)`);
  keys.forEach((k, i) => insert.run(`old_${i}`, `whsec_${k.toString("base64url")}`));
  const current = newSigningSecret();
  insert.run("new", current);
  db.exec(update);
  const rows = db.prepare(`SELECT "id", "signingSecret" FROM "App"`).all() as { id: string; signingSecret: string }[];
  for (const r of rows) {
    if (r.id === "new") {
      expect(r.signingSecret).toBe(current);
      continue;
    }
    const key = keys[Number(r.id.slice(4))]!;
    expect(r.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(r.signingSecret.slice(6), "base64").equals(key)).toBe(true);
    expect(() => new Webhook(r.signingSecret)).not.toThrow();
  }
});
