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

type Probe = { client?: Promise<pg.Client>; stopped?: boolean };
const PROBE = part<Probe>("dbProbe");

/** The probe's state, made on first use; the portal's close ends its connection. */
function probe(): Probe {
  const rt = runtime();
  return rt.of(PROBE, () => {
    const p: Probe = {};
    rt.onStop(() => {
      p.stopped = true;
      forget(p);
    });
    return p;
  });
}

/** The probe's own PostgreSQL connection, opened on first use and again after it failed or was too slow. */
function probeClient(p: Probe): Promise<pg.Client> {
  if (p.stopped) return Promise.reject(new Error("the portal has stopped"));
  if (!p.client) {
    // Bounded, so a silently dropped connection or a hung connect is given up, not waited behind.
    const c = newClient(config.databaseUrl, { connectionTimeoutMillis: PROBE_GIVE_UP_MS, query_timeout: PROBE_GIVE_UP_MS, keepAlive: true });
    const mine: Promise<pg.Client> = c.connect().then(() => c);
    c.on("error", () => forget(p, mine)); // the connection was cut: the next probe opens another
    mine.catch(() => forget(p, mine));
    p.client = mine;
  }
  return p.client;
}

/** The longest a probe's connect or statement may take before its connection is given up (the callers' own limits are shorter). */
const PROBE_GIVE_UP_MS = 5_000;

/** Ends the probe's connection (`which`: only if it is still that one), if it has one. */
function forget(p: Probe, which?: Promise<pg.Client>) {
  if (which && p.client !== which) return;
  const was = p.client;
  p.client = undefined;
  void was?.then((c) => c.end()).catch(() => {});
}

/** The caller gave up waiting (lib/ops/health.ts): the next probe opens a connection of its own instead of queueing behind this one. */
export function probeGaveUp(): void {
  const p = runtime().get(PROBE);
  if (p) forget(p);
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
  const client = probeClient(p);
  try {
    await (await client).query("SELECT 1");
    return true;
  } catch {
    forget(p, client);
    return false;
  }
}
