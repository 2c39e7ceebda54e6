// A portal's runtime: its settings (`config`), the clock its rules read and
// the parts its modules keep once per portal (the database handles, the hot
// paths' stores, the dispatcher and its wake, the post thread, the
// held-connection, watch and wait registries, try-it's limiter, mail, password
// hashing, throttle pruning, the sandbox sweeper, the SQLite maintenance and
// checkpointer, the client package registries), and what stops them.
//
// Modules never hold a runtime: they read the current one (`runtime()`), the
// runtime of the portal serving the request or running the background work at
// hand. It is an AsyncLocalStorage's store (server/portal.ts enters it around
// each request and starts its background work inside it, so their async
// continuations keep it), kept on globalThis under one key: Next's bundles (app/
// route handlers, server actions) load their own copies of lib's modules, and
// reading the one storage gives them the runtime of the portal serving them.
// Outside any portal (scripts/admin.ts, the unit and store suites, the bench)
// a default runtime, on the real clock and the settings of process.env, is
// made on first use.
//
// A part is named by a `Part<T>`: its name is the key, the same in every
// copy of the module that keeps it (a bundle's copy finds the server's part).
// Parts are made on first use (`of`) or set while running (`set`); a part that
// runs something registers how to stop it (`onStop`), and `stop` (the drain)
// aborts `stopping` (the waits answer) and stops them all, the last started first.
import type { AsyncLocalStorage } from "node:async_hooks";
import { type Clock, realClock } from "@/lib/clock";
import { type Config, makeConfig } from "@/lib/config";

/** A part of the runtime: its name, unique in lib, and the type of its value. */
export type Part<T> = { readonly name: string; readonly type?: T };

export const part = <T>(name: string): Part<T> => ({ name });

export class Runtime {
  private readonly parts = new Map<string, unknown>();
  private readonly stops: (() => void | Promise<void>)[] = [];
  private readonly ending = new AbortController();
  private settings: Config;

  /** Without `config`, the settings of process.env (a runtime outside any portal: a script's, a test's). */
  constructor(
    readonly clock: Clock = realClock,
    config?: Config,
  ) {
    this.settings = config ?? makeConfig(process.env);
  }

  /** The portal's settings (lib/config.ts). */
  get config(): Config {
    return this.settings;
  }

  /** Replaces the settings: the portal once it is bound (its port), the command line linking to the server's origin. */
  reconfigure(config: Config): void {
    this.settings = config;
  }

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

type Slot = { current: AsyncLocalStorage<Runtime>; fallback?: Runtime };
const g = globalThis as unknown as { __svcPortal?: Slot };
/**
 * The one storage, made on first use. node:async_hooks is loaded through `process.getBuiltinModule`,
 * not imported: a client component's bundle reaches this module (through what it shares with the
 * server), and Turbopack refuses a Node module in a browser chunk; only the server ever calls this.
 */
const slot = (): Slot => {
  if (g.__svcPortal) return g.__svcPortal;
  const { AsyncLocalStorage: Storage } = process.getBuiltinModule("node:async_hooks") as typeof import("node:async_hooks");
  return (g.__svcPortal = { current: new Storage<Runtime>() });
};

/** Runs `fn` with `rt` as the current runtime, and every async continuation it starts (server/portal.ts: a request, the background work). */
export const enter = <T>(rt: Runtime, fn: () => T): T => slot().current.run(rt, fn);

/** Installs the runtime of a process outside any portal (a test process on its own clock): once, before any module reads it. */
export function installRuntime(rt: Runtime): void {
  const s = slot();
  if (s.fallback) throw new Error("the runtime was read or installed before: install it before any module that reads it is loaded");
  s.fallback = rt;
}

/**
 * Stops and forgets the default runtime: a process that runs one test file after another (the
 * integration suite's workers, tests/helpers/file-portal.ts) gives each file a default made on the
 * settings that file's set-up put in process.env, as a process of its own would.
 */
export async function endDefaultRuntime(): Promise<void> {
  const s = slot();
  const rt = s.fallback;
  s.fallback = undefined;
  await rt?.stop();
}

/** The current runtime: the portal's serving this request or running this work, else the process's default, made on first use. */
export const runtime = (): Runtime => {
  const s = slot();
  return s.current.getStore() ?? (s.fallback ??= new Runtime());
};

/** The current portal's settings: `config.x` reads the current runtime's (lib/config.ts `Config`). */
export const config: Config = new Proxy({} as Config, {
  get: (_, key) => Reflect.get(runtime().config, key),
  has: (_, key) => Reflect.has(runtime().config, key),
  ownKeys: () => Reflect.ownKeys(runtime().config),
  getOwnPropertyDescriptor: (_, key) => {
    const d = Reflect.getOwnPropertyDescriptor(runtime().config, key);
    return d && { ...d, configurable: true };
  },
});

/** The current clock. */
export const clock = (): Clock => runtime().clock;

/** Now on the current clock, in milliseconds. */
export const nowMs = (): number => runtime().clock.now();

/** Now on the current clock, as a Date. */
export const nowDate = (): Date => new Date(runtime().clock.now());
