// The store suite's set-up, after the run's temporary folder (tests/helpers/run-tmp.ts): lib/config.ts's
// database (lib/db/prisma.ts makes its Prisma client on import) is not the stores' under test, so it is a
// file in that folder, named here and inherited by the workers, and goes with the folder. The stores'
// own SQLite files are there too (tests/store/databases.ts); the run's PostgreSQL databases are dropped
// at the end.
import os from "node:os";
import path from "node:path";
import { dropPgDatabases, onPg } from "../helpers/test-db";

export function setup() {
  process.env.DATABASE_URL = `file:${path.join(os.tmpdir(), "sandbox-store-config.db")}`;
}

export async function teardown() {
  if (onPg()) await dropPgDatabases(`sandbox_store_${process.env.TEST_RUN_ID!}_`);
}
