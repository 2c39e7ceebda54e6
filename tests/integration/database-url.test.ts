// One setting chooses the database: a DATABASE_URL that is neither
// a file: URL nor a postgres(ql):// URL stops the server and the command line
// with a message naming the setting (and no password), and creates no file.
// The server reads its settings once, with makeConfig (server/main.ts), as a
// portal made in this process does (tests/helpers/portal.ts): the refusal is
// tested there, with no server process of its own.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startPortal } from "../helpers/portal";

const root = path.resolve(import.meta.dirname, "..", "..");
const BAD = "mysql://admin:hunter2@127.0.0.1/sandbox";

describe("DATABASE_URL", () => {
  it("the server refuses to start on an unknown database URL, naming the setting", async () => {
    const err = await startPortal({ env: { DATABASE_URL: BAD } }).then(
      async (p) => { await p.close(); return null; },
      (e: Error) => e,
    );
    expect(err?.message).toContain("DATABASE_URL must be a file: URL");
    expect(err?.message).not.toContain("hunter2");
  });

  it("the command line refuses it too: exit 1, the message on stderr, nothing on stdout, no stray folder", () => {
    const r = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/admin.ts", "user", "create", "--email", "x@example.com", "--password", "long enough pw"], {
      cwd: root, env: { ...process.env, DATABASE_URL: "sqlite:./nowhere.db" }, encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain('DATABASE_URL must be a file: URL (SQLite, e.g. file:./data/sandbox.db) or a postgres:// or postgresql:// URL (PostgreSQL), got "sqlite:./nowhere.db"');
    expect(fs.existsSync(path.join(root, "sqlite:"))).toBe(false);
  });
});
