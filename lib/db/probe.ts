// Whether the database answers, asked on a connection of its own (lib/ops/health.ts:
// readiness, the gate in front of Next's pages, the up metric). Never behind the
// requests' own work: through Prisma's pool (four connections, each busy in a burst
// of transactions) or SQLite's turns, a probe waited its place in the queue, and a
// portal that was only busy was taken for one whose database was away (503s under load).
import fs from "node:fs";
import type pg from "pg";
import { sqlitePath } from "@/lib/config";
import { config, part, runtime } from "@/lib/runtime";
import { newClient } from "./pg";
import { sqlite } from "./sqlite";

type Probe = { client?: Promise<pg.Client> };
const PROBE = part<Probe>("dbProbe");

/** The probe's state, made on first use; the portal's close ends its connection. */
function probe(): Probe {
  const rt = runtime();
  return rt.of(PROBE, () => {
    const p: Probe = {};
    rt.onStop(() => forget(p));
    return p;
  });
}

/** The probe's own PostgreSQL connection, opened on first use and again after it failed. */
function probeClient(p: Probe): Promise<pg.Client> {
  if (!p.client) {
    const c = newClient(config.databaseUrl);
    c.on("error", () => forget(p)); // the connection was cut: the next probe opens another
    p.client = c.connect().then(() => c);
    p.client.catch(() => forget(p));
  }
  return p.client;
}

/** Ends the probe's connection, if it has one. */
function forget(p: Probe) {
  const was = p.client;
  p.client = undefined;
  void was?.then((c) => c.end()).catch(() => {});
}

/**
 * Whether the database answers a statement now (never throws; the caller bounds the wait).
 * SQLite: its file is where its path says (moved, deleted or its volume gone, the open
 * connections would go on answering from the old file, whose writes would be lost), and a
 * read of it on the hot path's connection, which waits for no writer. PostgreSQL: SELECT 1
 * on the probe's own connection.
 */
export async function databaseAnswers(): Promise<boolean> {
  if (config.dialect === "sqlite") {
    const there = await fs.promises.stat(sqlitePath(config.databaseUrl)).then(() => true, () => false);
    if (!there) return false;
    try {
      sqlite().prepare("SELECT count(*) FROM sqlite_master").get();
      return true;
    } catch {
      return false;
    }
  }
  const p = probe();
  try {
    await (await probeClient(p)).query("SELECT 1");
    return true;
  } catch {
    forget(p);
    return false;
  }
}
