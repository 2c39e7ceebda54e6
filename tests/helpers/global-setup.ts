import type { TestProject } from "vitest/node";
import { removeDb, startServer, type RunningServer } from "./server";
import { createPgDatabase, dropPgDatabases, onPg, runPrefix } from "./test-db";

declare module "vitest" {
  export interface ProvidedContext {
    origin: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  // The config chose the database (file or PostgreSQL database named in DATABASE_URL).
  const url = process.env.TEST_DATABASE_URL!;
  if (onPg()) await createPgDatabase(new URL(url).pathname.slice(1));
  else removeDb(process.env.TEST_DB_FILE!);
  // Every file shares this server, and many send wrong credentials on purpose from
  // 127.0.0.1: the per-address limit (100 a minute) would refuse later files. The
  // throttle tests use addresses of their own (127.0.0.2 …) and the per-key rules.
  // Sign-ins too: files sign in at once from 127.0.0.1 (two files at a time), and
  // an attempt counts for its address until its password is checked.
  // Likewise many files post to inspectors from 127.0.0.1: the per-address inspector
  // limit is tested on a server of its own (limits-server.test.ts). Every file's
  // receivers listen on 127.0.0.1, one destination host to the receiver checks:
  // the per-host caps are tested on servers of their own (limits-budgets.test.ts), and
  // so are the callbacks' (every file's callbacks go to 127.0.0.1 too).
  server = await startServer({
    databaseUrl: url,
    env: {
      TOKEN_FAILURES_PER_ADDRESS: "100000", SIGNIN_FAILURES_PER_ADDRESS: "100000", INSPECT_PER_ADDRESS_PER_MINUTE: "100000",
      RECEIVER_CHECKS_PER_HOST_AT_ONCE: "100000", RECEIVER_CHECKS_PER_HOST_PER_MINUTE: "100000", CALLBACKS_PER_HOST_PER_MINUTE: "100000",
    },
  });
  project.provide("origin", server.origin);
}

export async function teardown() {
  await server?.stop();
  // A CI log keeps only the tests' output: the shared server's own errors go
  // there too, so a failure whose cause is on the server's side can be read.
  // A request's or a callback attempt's line (lib/log.ts) is not an error, whatever its path or outcome says.
  const errors = (server?.log() ?? "").split("\n").filter((l) => /error|fail/i.test(l) && !/^(request|\[callbacks\] attempt) /.test(l));
  if (errors.length) console.error(`shared server: ${errors.length} error lines, the last 40:\n${errors.slice(-40).join("\n")}`);
  // The run's database and those the tests made for their own servers (ownDb).
  if (onPg()) await dropPgDatabases(runPrefix());
}
