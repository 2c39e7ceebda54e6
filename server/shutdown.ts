// SIGTERM / SIGINT: report not ready at once (/readyz answers 503) and go on
// serving for the drain grace (DRAIN_GRACE_SECONDS), so a load balancer moves
// traffic away before connections are refused; then stop accepting, let in-flight calls finish (idle keep-alive
// connections are closed at once, busy ones after their answer), stop the
// runtime (lib/runtime.ts: waits answer at once, the sandbox sweeper stops,
// the dispatcher finishes the posts it has started, then the post thread its
// others, the SQLite maintenance and checkpointer stop), then exit. A second
// signal, or the deadline, exits at once.
import type http from "node:http";
import { closeStreams } from "@/lib/http/node-io";
import { log } from "@/lib/log";
import { markDraining } from "@/lib/ops/health";
import type { Runtime } from "@/lib/runtime";

/** Longer than the 10 s callback wait, so a post in flight can finish. */
const DEADLINE_MS = 15_000;

/** `graceMs`: how long the instance goes on serving, not ready, before it drains. */
export function drainOnSignal(server: http.Server, runtime: Runtime, graceMs = 0): void {
  let stopping = false;
  let draining = false; // after the grace: every answer closes its connection
  // While draining, every answer closes its connection behind it.
  server.prependListener("request", (_req, res: http.ServerResponse) => {
    if (draining) res.setHeader("connection", "close");
  });
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    markDraining();
    if (graceMs > 0) {
      log().info(`[server] ${signal}: not ready; serving ${graceMs / 1000} s more before draining`);
      await new Promise<void>((r) => runtime.clock.after(graceMs, r)); // a test clock's advance ends it (server/clock-control.ts)
    }
    log().info(`[server] ${signal}: draining`);
    draining = true;
    setTimeout(() => {
      log().error("[server] drain deadline passed; exiting");
      process.exit(1);
    }, DEADLINE_MS).unref();
    const closed = new Promise<void>((r) => server.close(() => r()));
    closeStreams(); // event streams never end on their own: clients reconnect elsewhere
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    await Promise.all([closed, runtime.stop()]); // waits for a callback answer now rather than hold the drain up to 60 s
    clearInterval(idle);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
