// Removes what a run of the store tests left behind (tests/store/databases.ts
// names them): the temp files and the PostgreSQL databases of this run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dropPgDatabases, onPg } from "../helpers/test-db";

export function setup() {}

export async function teardown() {
  const run = process.env.TEST_RUN_ID!;
  for (const f of fs.readdirSync(os.tmpdir())) {
    if (f.startsWith(`sandbox-store-${run}-`)) fs.rmSync(path.join(os.tmpdir(), f), { force: true });
  }
  if (onPg()) await dropPgDatabases(`sandbox_store_${run}_`);
}
