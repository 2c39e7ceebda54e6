// A portal made in this test process (server/portal.ts `createPortal`), on a
// database of the test's and a test clock: what `startServer` (./server.ts)
// gives, without a server process of its own (no spawn, no second Node, no
// second load of Next's build). The settings are the test process's
// environment with `env` over it, as a started server's would be (PORT=0,
// HOST=127.0.0.1, no PUBLIC_URL: its origin is http://127.0.0.1:<port>).
// The clock is a `ManualClock` the test moves itself (`clock.advance`) or
// through `advanceClock(origin, at)` as before; its timers run in the portal's
// runtime either way. Set-ups through the operator command line go to the
// portal's database as before (./operator.ts). A test of the process itself
// (kill -9, SIGTERM, its output) still starts a server (./server.ts).
import { type Clock, ManualClock } from "@/lib/clock";
import { makeConfig } from "@/lib/config";
import { createPortal, type Portal } from "@/server/portal";

/** `log()`: what it logged, as a started server's output (its lines are kept, not printed). */
export type InProcessPortal<C extends Clock = ManualClock> = { origin: string; clock: C; portal: Portal; close(): Promise<void>; log(): string };

/** `env` must name the database (DATABASE_URL); `clock`: a test clock of the caller's (or the real one), else a new test clock. */
export async function startPortal<C extends Clock = ManualClock>(opts: { env: Record<string, string>; clock?: C }): Promise<InProcessPortal<C>> {
  if (!opts.env.DATABASE_URL) throw new Error("startPortal needs env.DATABASE_URL");
  const clock = opts.clock ?? (new ManualClock() as Clock as C);
  const config = makeConfig({ ...process.env, PUBLIC_URL: undefined, PORT: "0", HOST: "127.0.0.1", ...opts.env });
  let output = "";
  const portal = createPortal({ config, clock, logTo: { write: (line) => (output += line) } });
  const { origin } = await portal.listen();
  return { origin, clock, portal, close: () => portal.close(), log: () => output };
}
