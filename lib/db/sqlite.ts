// The process's second SQLite connection, for the hot paths (gateway calls,
// callback dispatch): prepared statements instead of the ORM. Same file as
// Prisma's, WAL mode; dates in the text format Prisma's SQLite adapter reads.
// Writes go through `write`: group commit, one transaction per turn of the
// event loop for every call that wrote in it.
import Database from "better-sqlite3";
import { config, sqlitePath } from "@/lib/config";

export type Statement = Database.Statement;

export const ts = (d: Date | null) => (d ? d.toISOString().replace("Z", "+00:00") : null);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BUSY_WAIT_MS = 5000;
const isBusy = (e: unknown) => (e as { code?: string }).code === "SQLITE_BUSY";

/**
 * Statements never wait inside SQLite (that would block the event loop while a
 * Prisma transaction of this process holds the lock): on SQLITE_BUSY they
 * yield and try again, for up to 5 s.
 */
export async function retryBusy<T>(fn: () => T): Promise<T> {
  for (let waited = 0; ; waited += 2) {
    try {
      return fn();
    } catch (e) {
      if (!isBusy(e) || waited >= BUSY_WAIT_MS) throw e;
      await sleep(2);
    }
  }
}

type Job = { fn: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/**
 * Group commit: the writes asked for during one turn of the event loop run in
 * one transaction, each in a savepoint of its own (one job's error undoes only
 * that job), and every promise settles after the COMMIT: nobody is answered
 * before their rows are durable. Concurrent calls share the commit's WAL
 * pages (the same index leaves) instead of writing them once each.
 */
class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private busySince = 0;
  private readonly begin;
  private readonly commit;
  private readonly rollback;
  private readonly savepoint;
  private readonly release;
  private readonly undo;

  constructor(private readonly conn: Database.Database) {
    const p = (sql: string) => conn.prepare(sql);
    this.begin = p("BEGIN IMMEDIATE");
    this.commit = p("COMMIT");
    this.rollback = p("ROLLBACK");
    this.savepoint = p("SAVEPOINT job");
    this.release = p("RELEASE job");
    this.undo = p("ROLLBACK TO job");
  }

  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      this.schedule(0);
    });
  }

  private schedule(delayMs: number) {
    if (this.scheduled) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.flush();
    };
    if (delayMs) setTimeout(go, delayMs);
    else setImmediate(go);
  }

  private flush() {
    const jobs = this.queue;
    if (!jobs.length) return;
    try {
      this.begin.run();
    } catch (e) {
      if (isBusy(e) && (this.busySince ||= Date.now()) > Date.now() - BUSY_WAIT_MS) return this.schedule(2); // the lock holder finishes first
      this.busySince = 0;
      this.queue = [];
      return jobs.forEach((j) => j.reject(e));
    }
    this.busySince = 0;
    this.queue = [];
    const outcomes = jobs.map((j) => {
      this.savepoint.run();
      try {
        const value = j.fn();
        this.release.run();
        return { ok: true as const, value };
      } catch (error) {
        this.undo.run();
        this.release.run();
        return { ok: false as const, error };
      }
    });
    try {
      this.commit.run();
    } catch (e) {
      if (this.conn.inTransaction) this.rollback.run();
      return jobs.forEach((j) => j.reject(e));
    }
    outcomes.forEach((o, i) => (o.ok ? jobs[i]!.resolve(o.value) : jobs[i]!.reject(o.error)));
  }
}

const g = globalThis as unknown as { __svcSqlite?: Database.Database; __svcGroupCommit?: GroupCommit };

/** The shared connection (across module copies), opened on first use, after migrations. */
export function sqlite(): Database.Database {
  if (!g.__svcSqlite) {
    const conn = new Database(sqlitePath(config.databaseUrl));
    conn.pragma("busy_timeout = 0");
    // In WAL mode NORMAL loses nothing when the process dies (kill -9 included);
    // only an OS crash or power cut can drop the last commits. FULL would fsync
    // on every commit.
    conn.pragma("synchronous = NORMAL");
    // Each group-commit job runs in a savepoint; SQLite keeps a savepoint's undo
    // pages in a statement journal, by default a temporary file (one pwrite per
    // page touched, ~30 per call): in memory instead.
    conn.pragma("temp_store = MEMORY");
    g.__svcSqlite = conn;
  }
  return g.__svcSqlite;
}

/** Runs `fn` (synchronous statements) in this turn's group commit; settles after the COMMIT. */
export function write<T>(fn: () => T): Promise<T> {
  return (g.__svcGroupCommit ??= new GroupCommit(sqlite())).run(fn);
}
