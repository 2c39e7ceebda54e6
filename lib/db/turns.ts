// One writer at a time on a SQLite file in this process. Prisma's connection
// (its queries and interactive transactions: queued-sqlite.ts) and the hot
// path's group commit (sqlite.ts) take turns in one queue, first come first
// served. Without it they met at SQLite's write lock: the group commit polled
// it while a transaction was open (and gave up after its wait, a 503 under
// load), and a transaction that had read before another connection's commit
// could not write at all (SQLITE_BUSY_SNAPSHOT). SQLite's lock is then only
// met across processes (the command line beside a server).
import path from "node:path";
import { part, runtime } from "@/lib/runtime";

/** One turn at a time, in the order asked for. */
export class Turns {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the turns asked for before; answers how to end this one. */
  async take(): Promise<() => void> {
    let end!: () => void;
    const mine = new Promise<void>((r) => (end = r));
    const before = this.tail;
    this.tail = before.then(() => mine);
    await before;
    return end;
  }

  /** `fn` in a turn of its own. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const end = await this.take();
    try {
      return await fn();
    } finally {
      end();
    }
  }
}

const TURNS = part<Map<string, Turns>>("sqliteTurns");

/** The current portal's queue for the database file `file`: every connection of the portal to it takes its turns there. */
export function turnsFor(file: string): Turns {
  const all = runtime().of(TURNS, () => new Map<string, Turns>());
  const key = path.resolve(file);
  let turns = all.get(key);
  if (!turns) all.set(key, (turns = new Turns()));
  return turns;
}
