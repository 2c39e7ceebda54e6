// The process's second SQLite connection, for the hot paths (gateway calls,
// callback dispatch): prepared statements instead of the ORM. Same file as
// Prisma's, WAL mode; dates in the text format Prisma's SQLite adapter reads.
// Writes go through `write`: group commit, one transaction per turn of the
// event loop for every call that wrote in it.
import Database from "better-sqlite3";
import { sqlitePath } from "@/lib/config";
import { config, part, runtime } from "@/lib/runtime";
import { compile, type Kind, type Sql, type Value } from "./sql";
import { type Turns, turnsFor } from "./turns";

/** A date as Prisma's SQLite adapter writes it (text, "+00:00"). */
export const ts = (d: Date | null) => (d ? d.toISOString().replace("Z", "+00:00") : null);

/** A parameter's value as this driver binds it and Prisma's SQLite adapter writes it: dates as text, booleans as 0/1. */
export const encode = (v: Value) => (v instanceof Date ? ts(v) : typeof v === "boolean" ? Number(v) : (v ?? null));
const decoders: Record<Kind, (v: unknown) => unknown> = {
  date: (v) => (v === null ? null : new Date(v as string)),
  bool: (v) => Boolean(v),
};

/** A statement of lib/db/sql.ts prepared on one connection: named parameters in, rows out as their model types them. */
export type Prepared<P, R> = {
  get(params: P): R | undefined;
  all(params: P): R[];
  run(params: P): Database.RunResult;
};

export function prepare<P, R>(conn: Database.Database, s: Sql<P, R>): Prepared<P, R> {
  const { text, bind } = compile(s, "sqlite", encode);
  const stmt = conn.prepare(text);
  const kinds = Object.entries(s.kinds).map(([col, kind]) => [col, decoders[kind]] as const);
  const decode = (row: Record<string, unknown>) => {
    for (const [col, to] of kinds) if (col in row) row[col] = to(row[col]);
    return row as R;
  };
  return {
    get: (p) => {
      const row = stmt.get(...bind(p as object)) as Record<string, unknown> | undefined;
      return row && decode(row);
    },
    all: (p) => (stmt.all(...bind(p as object)) as Record<string, unknown>[]).map(decode),
    run: (p) => stmt.run(...bind(p as object)),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BUSY_WAIT_MS = 5000;
/** SQLITE_BUSY: another connection holds the lock (what `retryBusy` and the group commit wait out, for up to 5 s). */
export const isBusy = (e: unknown) => (e as { code?: string }).code === "SQLITE_BUSY";

/**
 * Statements never wait inside SQLite (that would block the event loop): on
 * SQLITE_BUSY (another process holds the lock; this process's own writers take
 * turns, ./turns.ts) they yield and try again, for up to 5 s.
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
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: the writes asked for during one turn of the event loop (and
 * while it waits for the file's turn, ./turns.ts) run in one transaction (when one of them fails, the transaction is run again with
 * each job in a savepoint of its own, so one job's error undoes only that
 * job), and every promise settles after the COMMIT: nobody is answered
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

  constructor(
    private readonly conn: Database.Database,
    private readonly turns: Turns,
  ) {
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
    const go = () => void this.flush();
    if (delayMs) setTimeout(go, delayMs);
    else setImmediate(go);
  }

  /**
   * The jobs one after another, without savepoints (two statements a job saved):
   * when one throws, the transaction is rolled back and undefined is answered, so
   * that `flush` runs them again in a new one, each in a savepoint (`runEach`). Jobs are synchronous
   * statements on this connection and nothing else, so running one again
   * after the rollback does what it would have done the first time.
   */
  private runAll(jobs: Job[]): Outcome[] | undefined {
    const outcomes: Outcome[] = [];
    for (const j of jobs) {
      try {
        outcomes.push({ ok: true, value: j.fn() });
      } catch {
        if (this.conn.inTransaction) this.rollback.run();
        return undefined;
      }
    }
    return outcomes;
  }

  /** Each job in a savepoint of its own: one job's error undoes only that job. */
  private runEach(jobs: Job[]): Outcome[] {
    return jobs.map((j) => {
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
  }

  /** In the file's turn: the jobs asked for until then, in one transaction (a statement that fails around them fails them all). */
  private async flush() {
    const end = await this.turns.take();
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    try {
      if (jobs.length) this.commitAll(jobs);
    } catch (e) {
      if (this.conn.inTransaction) this.rollback.run();
      for (const j of jobs) j.reject(e);
    } finally {
      end();
    }
  }

  private commitAll(jobs: Job[]) {
    if (!this.begun(jobs)) return;
    let outcomes = this.runAll(jobs);
    if (!outcomes) {
      if (!this.begun(jobs)) return;
      outcomes = this.runEach(jobs);
    }
    try {
      this.commit.run();
    } catch (e) {
      if (this.conn.inTransaction) this.rollback.run();
      return jobs.forEach((j) => j.reject(e));
    }
    outcomes.forEach((o, i) => (o.ok ? jobs[i]!.resolve(o.value) : jobs[i]!.reject(o.error)));
  }

  /** Begins the transaction for `jobs`; while another process's connection holds the lock they wait (first in line), for up to 5 s. */
  private begun(jobs: Job[]): boolean {
    try {
      this.begin.run();
      this.busySince = 0;
      return true;
    } catch (e) {
      if (isBusy(e) && (this.busySince ||= Date.now()) > Date.now() - BUSY_WAIT_MS) {
        this.queue = [...jobs, ...this.queue];
        this.schedule(2); // the lock holder finishes first
      } else {
        this.busySince = 0;
        jobs.forEach((j) => j.reject(e));
      }
      return false;
    }
  }
}

/** A hot-path connection and its group commit. */
export type SqliteHotPath = {
  conn: Database.Database;
  /** Runs `fn` (synchronous statements) in this turn's group commit; settles after the COMMIT. */
  write<T>(fn: () => T): Promise<T>;
  /** The file's turns (./turns.ts), for work on this connection outside the group commit. */
  turns: Turns;
};

/** Opens a hot-path connection on the database file (after migrations). */
export function openSqlite(file: string): SqliteHotPath {
  const conn = new Database(file);
  conn.pragma("busy_timeout = 0");
  // In WAL mode NORMAL loses nothing when the process dies (kill -9 included);
  // only an OS crash or power cut can drop the last commits. FULL would fsync
  // on every commit.
  conn.pragma("synchronous = NORMAL");
  // Each group-commit job runs in a savepoint; SQLite keeps a savepoint's undo
  // pages in a statement journal, by default a temporary file (one pwrite per
  // page touched, ~30 per call): in memory instead.
  conn.pragma("temp_store = MEMORY");
  const turns = turnsFor(file);
  const group = new GroupCommit(conn, turns);
  return { conn, write: (fn) => group.run(fn), turns };
}

const HOT_PATH = part<SqliteHotPath>("sqlite");

/** The process's hot-path connection (a part of the runtime, shared across module copies), opened on first use, after migrations. */
export function sqliteHotPath(): SqliteHotPath {
  return runtime().of(HOT_PATH, () => openSqlite(sqlitePath(config.databaseUrl)));
}

/** Closes the current portal's hot-path connection, if it opened one (a portal's close); a later use opens a new one. */
export function closeSqliteHotPath(): void {
  const rt = runtime();
  const open = rt.get(HOT_PATH);
  rt.set(HOT_PATH, undefined);
  open?.conn.close();
}

/** The process's hot-path connection itself (checkpoints, space reclaim). */
export const sqlite = (): Database.Database => sqliteHotPath().conn;
