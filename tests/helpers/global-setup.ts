// The integration suite's one set-up: no server (each file makes its own
// portal in its own process, ./file-portal.ts), only the run's migrated
// template that every file's and every own server's database copies
// (./databases.ts); at the end, the run's databases are removed.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { removeRunFiles, sqliteTemplate } from "./databases";
import { removeDb } from "./server";
import { checkPgConnections, createPgDatabase, dropPgDatabases, onPg, pgTemplate, runPrefix } from "./test-db";

const root = path.resolve(import.meta.dirname, "..", "..");

export async function setup() {
  let url: string;
  if (onPg()) {
    await checkPgConnections();
    await dropPgDatabases(runPrefix());
    url = await createPgDatabase(pgTemplate());
  } else {
    removeRunFiles();
    removeDb(sqliteTemplate());
    url = `file:${sqliteTemplate()}`;
  }
  // The migrations as `npm run db:migrate` applies them; the process ends before any file copies the template.
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/migrate.ts", "deploy"], { cwd: root, env: { ...process.env, DATABASE_URL: url }, stdio: "ignore" });
}

export async function teardown() {
  if (onPg()) await dropPgDatabases(runPrefix());
  else removeRunFiles();
}
