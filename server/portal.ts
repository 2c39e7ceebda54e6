// A portal is an object you make: `createPortal({ config, clock })` gives one
// runtime (lib/runtime.ts: its settings, its clock, its parts) and one
// node:http server whose listener (server/route.ts) answers {base_url}
// (/sandbox/...), {inspect_url} (/inspect/...) and the ops endpoints, and
// hands every other request to Next's request handler (console, docs, try-it,
// downloads): one port, one origin. Every request runs in the portal's runtime
// (route.ts enters it), and so does its background work (`listen` starts the
// dispatcher, the sweepers and the timers inside it), so two portals in one
// process, on two databases and two clocks, do not see each other.
// server/main.ts makes the process's one; tests make theirs (ARCHITECTURE.md,
// "How a portal is made").
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { type Clock, ManualClock, realClock } from "@/lib/clock";
import { type Config, reconfigured } from "@/lib/config";
import { config, enter, Runtime } from "@/lib/runtime";
import { installLogger, log, type Sink } from "@/lib/log";
import { applyMigrations } from "@/lib/db/migrate";
import { startDispatcher } from "@/lib/callbacks";
import { isHosted } from "@/lib/callbacks/policy";
import { sweepBatches } from "@/lib/callbacks/store/statements";
import { startMaintenance } from "@/lib/db/maintenance";
import { startCheckpointer } from "@/lib/db/checkpoint";
import { startPostThread } from "@/lib/net/post-thread";
import { startSandboxSweeper } from "@/lib/services/sandbox-sweep";
import { markStarted } from "@/lib/ops/health";
import { recordPublicOrigin } from "@/lib/services/public-origin";
import { buildRegistries } from "@/lib/client-gen/packages/registry";
import { preflight } from "./preflight";
import { requestListener } from "./route";
import { loadSharedAuthSecret } from "./shared-auth-secret";
import { drainer } from "./shutdown";

export type PortalOptions = {
  /** Its settings (lib/config.ts `makeConfig`). */
  config: Config;
  /** The clock its rules read: the real one, or a `ManualClock` (then `POST /__clock/advance` moves it, server/clock-control.ts). */
  clock?: Clock;
  /** A database URL instead of the config's DATABASE_URL. */
  db?: string;
  /** Next's dev mode (`npm run dev`). */
  dev?: boolean;
  /** Where its log lines go (lib/log.ts): stdout unless told (a test keeps them, as a server process's output). */
  logTo?: Sink;
};

export type Portal = {
  /** Migrates, starts the background work, listens (port 0: one the system picks), prepares Next; resolves once ready. */
  listen(port?: number, host?: string): Promise<{ origin: string }>;
  /** Drains for `graceMs` (not ready, serving), then stops accepting and stops its runtime (server/shutdown.ts). */
  drain(graceMs: number, reason: string, onDraining?: () => void): Promise<void>;
  /** The drain without its grace: once it resolves, nothing of this portal runs. */
  close(): Promise<void>;
  readonly runtime: Runtime;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const loopbackHost = (h: string) => h === "localhost" || h === "::1" || /^127\./.test(h);

/** A portal on `config` and `clock`; its settings are checked now (server/preflight.ts: `SettingsRefused`, logged). */
export function createPortal(opts: PortalOptions): Portal {
  const settings = opts.db ? reconfigured(opts.config, { DATABASE_URL: opts.db }) : opts.config;
  const rt = new Runtime(opts.clock ?? realClock, settings);
  // Its logger first, so every line it writes has the format chosen: LOG_FORMAT, else JSON when hosted
  // (PUBLIC_URL not loopback, lib/callbacks/policy.ts `isHosted`), text locally.
  enter(rt, () => installLogger(rt, settings.logFormat ?? (isHosted() ? "json" : "text"), opts.logTo));
  enter(rt, preflight);

  // Next's request handler once Next is ready: a request for it that comes sooner (a fixed PORT) waits.
  let nextIsReady!: () => void;
  const nextReady = new Promise<void>((resolve) => (nextIsReady = resolve));
  let nextHandler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  const handleNext = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    await nextReady;
    return nextHandler(req, res);
  };
  // This portal's own origin, for the requests it makes to itself.
  let origin = "";
  const server = http.createServer({ keepAliveTimeout: 65_000, requestTimeout: 120_000 }, requestListener({ origin: () => origin, handleNext, runtime: rt }));
  server.headersTimeout = 66_000; // longer than keep-alive, as Node asks
  const drain = drainer(server, rt);

  const listen = (port = settings.port, givenHost?: string) =>
    enter(rt, async () => {
      // Local mode posts callbacks to loopback and private addresses, so it listens on
      // loopback only: anyone else on the network could make it post to this
      // machine's own services and read their answers. HOST changes it (with a warning).
      const hosted = isHosted();
      const host = givenHost ?? config.host ?? (hosted ? undefined : "127.0.0.1");
      if (!hosted && host && !loopbackHost(host)) {
        log().warn(
          `[server] HOST=${host} with the local callback policy: whoever reaches this address can make the portal post to this machine's and its network's private services. ` +
            "Set PUBLIC_URL to the public origin (or CALLBACK_POLICY=public) when others use it.",
        );
      }
      if (rt.clock instanceof ManualClock) {
        log().warn("[server] a test clock (TEST_CLOCK=1), moved on by POST /__clock/advance from loopback; never for real use");
      }
      await applyMigrations();
      await loadSharedAuthSecret(); // several instances on PostgreSQL sign sessions with one secret
      // Each part started below registers its stop with the runtime, which the drain stops (the last started first).
      startPostThread(); // callbacks are posted off the gateway's event loop
      startDispatcher(); // overdue callbacks go out at once
      startSandboxSweeper(sweepBatches(config.dialect)); // ended throwaway sandboxes are deleted with their rows, by any instance
      if (config.dialect === "sqlite") {
        startMaintenance(); // the database file gives back freed pages
        startCheckpointer(); // WAL checkpoints in a worker thread, not inside a call's commit
      }
      log().info(`[callbacks] ${hosted ? "hosted: callbacks go to public addresses only" : "local: callbacks may go to loopback and private addresses"}`);

      // A deep accept queue: a thousand clients connecting at once wait in it instead of being dropped (Node's default is 511).
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen({ port, host, backlog: 4096 }, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const bound = (server.address() as AddressInfo).port;
      origin = `http://${host && host !== "0.0.0.0" && host !== "::" ? host : "localhost"}:${bound}`;
      rt.reconfigure(reconfigured(rt.config, { PORT: String(bound) })); // config.publicUrl's default, here and in Next's bundles, is on the bound port
      // Next is made once the port is bound: the URLs of its requests (the sign-in's redirects among
      // them) are on that port, also with port 0.
      const nextApp = next({ dev: opts.dev ?? false, dir: root, hostname: host ?? "localhost", port: bound });
      nextHandler = nextApp.getRequestHandler();
      await nextApp.prepare();
      nextIsReady();
      await recordPublicOrigin(); // the operator command line's links (lib/services/public-origin.ts)
      await buildRegistries(); // the client packages (tsc, javac) compiled now, never on a request (lib/client-gen/packages/registry.ts)
      markStarted(); // /readyz answers 200 from now on (while the database answers)
      // The line below reports the port bound: with PORT=0 (tests/helpers/server.ts) it is how the starter learns it
      // (its text is the same in either LOG_FORMAT: JSON's `msg`).
      log().info(`[server] portal on ${config.publicUrl} (listening on ${host ?? "all interfaces"}:${bound}${opts.dev ? ", dev" : ""})`);
      return { origin };
    });

  return { listen, drain, close: () => drain(0, "close"), runtime: rt };
}
