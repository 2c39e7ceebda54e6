// The integration suite's databases. The global setup (./global-setup.ts)
// migrates one template per run: a SQLite file beside TEST_DB_FILE (named
// <stem>-template.db), or the PostgreSQL database sandbox_test_<run>_template.
// Each test file's portal gets a fresh copy of it (./file-portal.ts), and so
// does each server a test makes of its own (`ownDb`, ./own-server.ts): a copy
// costs milliseconds where migrating costs a second on SQLite and ten on
// PostgreSQL. A portal migrates at its start anyway: on a copy there is
// nothing left to do.
import fs from "node:fs";
import path from "node:path";
import { removeDb } from "./server";
import { createPgDatabase, onPg, pgTemplate, runPrefix } from "./test-db";

/** The run's SQLite files: TEST_RUN_FILES, TEST_DB_FILE without its .db (set by vitest.integration.config.ts; a file's TEST_DB_FILE is its own). */
const stem = () => process.env.TEST_RUN_FILES ?? path.resolve("data", "test-integration");

/** The run's migrated SQLite template. */
export const sqliteTemplate = () => `${stem()}-template.db`;

/** `name`'s database (on PostgreSQL other characters than a-z, 0-9 and _ become _): a copy of the run's template, or empty (a test that migrates it itself). */
export async function freshDb(name: string, opts: { empty?: boolean; file?: string } = {}): Promise<{ url: string; file?: string }> {
  if (onPg()) return { url: await createPgDatabase(`${runPrefix()}_${name.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`, opts.empty ? undefined : pgTemplate()) };
  const file = opts.file ?? `${stem()}-${name}.db`;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  removeDb(file);
  if (!opts.empty) fs.copyFileSync(sqliteTemplate(), file);
  return { url: `file:${file}`, file };
}

/** The run's SQLite files (the template, the files' and the servers' own), removed at its end. */
export function removeRunFiles(): void {
  const dir = path.dirname(stem());
  const base = path.basename(stem());
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) if (f.startsWith(`${base}-`)) fs.rmSync(path.join(dir, f), { force: true });
}
