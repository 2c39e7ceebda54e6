// SQLite's group commit (lib/db/sqlite.ts): the writes of one turn share one
// transaction; a job that fails undoes only its own statements, the others
// commit; while another connection holds the write lock, the jobs wait their turn.
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite, type SqliteHotPath } from "@/lib/db/sqlite";

let dir = "";
let file = "";
let hot: SqliteHotPath;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
  file = path.join(dir, "db.sqlite");
  const setup = new Database(file);
  setup.pragma("journal_mode = WAL");
  setup.exec("CREATE TABLE t (k INTEGER PRIMARY KEY, note TEXT)");
  setup.close();
  hot = openSqlite(file);
});

afterEach(() => {
  hot.conn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rows = () => (hot.conn.prepare("SELECT k FROM t ORDER BY k").all() as { k: number }[]).map((r) => r.k);

describe("group commit", () => {
  it("commits every job of a turn in one transaction and answers each its value", async () => {
    const ins = hot.conn.prepare("INSERT INTO t (k) VALUES (?)");
    const out = await Promise.all([1, 2, 3].map((k) => hot.write(() => ins.run(k).changes)));
    expect(out).toEqual([1, 1, 1]);
    expect(rows()).toEqual([1, 2, 3]);
  });

  it("a failing job undoes only its own statements; the jobs before and after it commit", async () => {
    const ins = hot.conn.prepare("INSERT INTO t (k) VALUES (?)");
    hot.conn.prepare("INSERT INTO t (k) VALUES (100)").run();
    const a = hot.write(() => ins.run(1));
    // Its first statement succeeds, its second breaks the key: neither stays.
    const b = hot.write(() => {
      ins.run(2);
      ins.run(100);
    });
    const c = hot.write(() => ins.run(3));
    const settled = await Promise.allSettled([a, b, c]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(rows()).toEqual([1, 3, 100]);
    // The connection is usable after: the next turn commits.
    await hot.write(() => ins.run(4));
    expect(rows()).toEqual([1, 3, 4, 100]);
  });

  it("waits while another connection holds the write lock, then commits", async () => {
    const other = new Database(file);
    other.pragma("busy_timeout = 0");
    other.prepare("BEGIN IMMEDIATE").run();
    other.prepare("INSERT INTO t (k) VALUES (50)").run();
    const ins = hot.conn.prepare("INSERT INTO t (k) VALUES (?)");
    let done = false;
    const p = hot.write(() => ins.run(5)).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    other.prepare("COMMIT").run();
    other.close();
    await p;
    expect(rows()).toEqual([5, 50]);
  });
});
