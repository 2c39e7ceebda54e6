// The process's runtime: the clock its rules read and the parts its modules
// keep once per process (the database handles, the hot paths' stores, the
// dispatcher and its wake, the post thread, the held-connection, watch and
// wait registries, try-it's limiter, mail, password hashing, throttle pruning,
// the sandbox sweeper, the SQLite maintenance and checkpointer), and what stops them.
//
// One runtime per process, in one slot on globalThis: Next's bundles (app/
// route handlers, server actions) load their own copies of lib's modules, and
// reading the slot gives them the server's runtime, its clock included.
// server/main.ts makes it (server/runtime-install.ts, its first import, so no
// module reads the slot before) and hands it to server/route.ts and
// server/shutdown.ts. A process without server/main.ts (scripts/admin.ts, the
// test suites, the bench) gets a default one, on the real clock, on first use.
//
// A part is named by a `Part<T>`: its name is the key, the same in every
// copy of the module that keeps it (a bundle's copy finds the server's part).
// Parts are made on first use (`of`) or set while running (`set`); a part that
// runs something registers how to stop it (`onStop`), and `stop` (the drain)
// aborts `stopping` (the waits answer) and stops them all, the last started first.
import { type Clock, realClock } from "@/lib/clock";

/** A part of the runtime: its name, unique in lib, and the type of its value. */
export type Part<T> = { readonly name: string; readonly type?: T };

export const part = <T>(name: string): Part<T> => ({ name });

export class Runtime {
  private readonly parts = new Map<string, unknown>();
  private readonly stops: (() => void | Promise<void>)[] = [];
  private readonly ending = new AbortController();

  constructor(readonly clock: Clock = realClock) {}

  /** The part, or undefined when it was not made or set. */
  get<T>(p: Part<T>): T | undefined {
    return this.parts.get(p.name) as T | undefined;
  }

  /** The part, made by `make` on first use. */
  of<T>(p: Part<T>, make: () => T): T {
    if (!this.parts.has(p.name)) this.parts.set(p.name, make());
    return this.parts.get(p.name) as T;
  }

  /** Sets the part; undefined removes it. */
  set<T>(p: Part<T>, value: T | undefined): void {
    if (value === undefined) this.parts.delete(p.name);
    else this.parts.set(p.name, value);
  }

  /** Aborted when the runtime starts stopping: what holds a request open (a wait) answers now. */
  get stopping(): AbortSignal {
    return this.ending.signal;
  }

  /** `fn` runs when the runtime stops (server/shutdown.ts), before what was registered earlier. */
  onStop(fn: () => void | Promise<void>): void {
    this.stops.push(fn);
  }

  /** Stops what the parts started, the last registered first, each finished before the next. */
  async stop(): Promise<void> {
    this.ending.abort();
    for (let fn = this.stops.pop(); fn; fn = this.stops.pop()) await fn();
  }
}

const g = globalThis as unknown as { __svcRuntime?: Runtime };

/** Installs the process's runtime (server/runtime-install.ts): once, before any module reads it. */
export function installRuntime(rt: Runtime): void {
  if (g.__svcRuntime) throw new Error("the runtime was read or installed before: install it before any module that reads it is loaded");
  g.__svcRuntime = rt;
}

/** The process's runtime: the installed one, else a default on the real clock, made on first use. */
export const runtime = (): Runtime => (g.__svcRuntime ??= new Runtime());

/** The process's clock. */
export const clock = (): Clock => runtime().clock;

/** Now on the process's clock, in milliseconds. */
export const nowMs = (): number => runtime().clock.now();

/** Now on the process's clock, as a Date. */
export const nowDate = (): Date => new Date(runtime().clock.now());
