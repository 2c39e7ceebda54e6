// A portal's drain: report not ready at once (/readyz answers 503) and go on
// serving for the drain grace (DRAIN_GRACE_SECONDS), so a load balancer moves
// traffic away before connections are refused; then stop accepting, let in-flight calls finish (idle keep-alive
// connections are closed at once, busy ones after their answer), stop the
// runtime (lib/runtime.ts: waits answer at once, the sandbox sweeper stops,
// the dispatcher finishes the posts it has started, then the post thread its
// others, the SQLite maintenance and checkpointer stop). On SIGTERM / SIGINT
// (server/main.ts) the process then exits; a second signal, or the deadline,
// exits at once. A test's `portal.close()` is the same drain without the grace.
import type http from "node:http";
import { closeDatabases } from "@/lib/db/hot-path";
import { closeStreams } from "@/lib/http/node-io";
import { log } from "@/lib/log";
import { markDraining } from "@/lib/ops/health";
import { enter, type Runtime } from "@/lib/runtime";

/** Longer than the 10 s callback wait, so a post in flight can finish. */
const DEADLINE_MS = 15_000;

/** `graceMs`: how long the portal goes on serving, not ready; `onDraining`: called when the drain itself starts. */
export type Drain = (graceMs: number, reason: string, onDraining?: () => void) => Promise<void>;

/** The drain of `server` and `runtime` (a portal's): once drained, nothing of the portal runs. */
export function drainer(server: http.Server, runtime: Runtime): Drain {
  let draining = false; // after the grace: every answer closes its connection
  // While draining, every answer closes its connection behind it.
  server.prependListener("request", (_req, res: http.ServerResponse) => {
    if (draining) res.setHeader("connection", "close");
  });
  return (graceMs, reason, onDraining) =>
    enter(runtime, async () => {
      markDraining();
      if (graceMs > 0) {
        log().info(`[server] ${reason}: not ready; serving ${graceMs / 1000} s more before draining`);
        await new Promise<void>((r) => runtime.clock.after(graceMs, r)); // a test clock's advance ends it (server/clock-control.ts)
      }
      log().info(`[server] ${reason}: draining`);
      draining = true;
      onDraining?.();
      const closed = server.listening ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
      closeStreams(); // event streams never end on their own: clients reconnect elsewhere
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      await Promise.all([closed, runtime.stop()]); // waits for a callback answer now rather than hold the drain up to 60 s
      clearInterval(idle);
      await closeDatabases(); // last: the runtime's parts that used them have stopped
    });
}

/** SIGTERM / SIGINT drain the portal (after `graceMs`), then exit; a second signal, or DEADLINE_MS after the drain began, exits at once. */
export function drainOnSignal(drain: Drain, graceMs = 0): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    await drain(graceMs, signal, () =>
      setTimeout(() => {
        log().error("[server] drain deadline passed; exiting");
        process.exit(1);
      }, DEADLINE_MS).unref(),
    );
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
