// CPU time from /proc (utime + stime of every thread of a process), for the
// capacity model: the portal's process group, the PostgreSQL backends serving
// one database (pg_stat_activity; the bench's own connections, named
// `svc-bench`, left out), PostgreSQL's shared writers (walwriter,
// checkpointer, background writer: they serve every database on the server,
// other users' included), this bench process (load generator, receiver), and
// the whole machine's busy time (/proc/stat), which shows other users' share.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type pg from "pg";

export const BENCH_APP_NAME = "svc-bench";
const tickMs = 1000 / (Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100);

type Stat = { ppid: number; pgrp: number; cpuMs: number };

function stat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // gone, or not on this machine
  }
  // Fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
  const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { ppid: Number(f[1]), pgrp: Number(f[2]), cpuMs: (Number(f[11]) + Number(f[12])) * tickMs };
}

/** The whole machine since boot, all cores: [busy, total] ms (idle and iowait are not busy). */
function machine(): [number, number] {
  const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return [(total - f[3]! - f[4]!) * tickMs, total * tickMs];
}

const pids = () => fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number);

type Sample = Map<number, number>;
const sample = (list: number[]): Sample => new Map(list.flatMap((pid) => {
  const s = stat(pid);
  return s ? [[pid, s.cpuMs] as const] : [];
}));
/** CPU used between two samples; a process first seen in `after` started in between (all its time counts). */
const used = (before: Sample, after: Sample) => [...after].reduce((n, [pid, ms]) => n + ms - (before.get(pid) ?? 0), 0);

const groupMembers = (pgids: number[]) => pids().filter((pid) => pgids.includes(stat(pid)?.pgrp ?? -1));

async function backends(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND coalesce(application_name, '') <> $2", [database, BENCH_APP_NAME]);
  return rows.map((r) => r.pid);
}

/** PostgreSQL's walwriter, checkpointer and background writer: children of the postmaster that serves `backend`. */
function sharedWriters(backend: number | undefined): number[] {
  const postmaster = backend === undefined ? undefined : stat(backend)?.ppid;
  if (!postmaster) return [];
  return pids().filter((pid) => {
    if (stat(pid)?.ppid !== postmaster) return false;
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return /walwriter|checkpointer|background writer/.test(cmd);
  });
}

export type CpuUse = {
  wallMs: number;
  portalMs: number;
  benchMs: number;
  /** The whole machine (all cores, everyone's processes): busy CPU ms, and CPU ms there were. */
  machineBusyMs: number;
  machineMs: number;
  /** PostgreSQL backends of the database; undefined when its processes are not on this machine (or no PostgreSQL). */
  dbMs?: number;
  dbSharedMs?: number;
};

export type Meter = { stop(): Promise<CpuUse> };

/** Starts measuring the portals' process groups and, with `pg`, the database's server processes. */
export async function startMeter(portalPgids: number[], pg?: { admin: pg.Client; database: string }): Promise<Meter> {
  const t0 = performance.now();
  const bench0 = process.cpuUsage();
  const machine0 = machine();
  const portal0 = sample(groupMembers(portalPgids));
  const db0 = pg ? sample(await backends(pg.admin, pg.database)) : undefined;
  const shared0 = pg ? sample(sharedWriters([...(db0?.keys() ?? [])][0])) : undefined;
  return {
    async stop() {
      const bench = process.cpuUsage(bench0);
      const [busy, total] = machine();
      const use: CpuUse = {
        wallMs: performance.now() - t0, portalMs: used(portal0, sample(groupMembers(portalPgids))), benchMs: (bench.user + bench.system) / 1000,
        machineBusyMs: busy - machine0[0], machineMs: total - machine0[1],
      };
      if (pg && db0 && shared0) {
        const db1 = sample(await backends(pg.admin, pg.database));
        if (db1.size > 0) {
          use.dbMs = used(db0, db1);
          use.dbSharedMs = used(shared0, sample([...shared0.keys()]));
        }
      }
      return use;
    },
  };
}
