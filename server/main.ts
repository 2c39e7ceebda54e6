// The portal's one server process (`npm start`): our own HTTP listener answers
// {base_url} (/sandbox/...) and {inspect_url} (/inspect/...) with the gateway's
// and the inspector's handlers, and hands every other request to Next's request
// handler (console, docs, try-it, downloads): one port, one origin.
//   PORT (3000), HOST (hosted: all interfaces; local: 127.0.0.1), `--dev` for Next's dev mode.
import { serverRuntime } from "./runtime-install"; // first: the runtime every module below reads (lib/runtime.ts)
import "./preflight"; // then settings are checked before any module below opens the database
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import next from "next";
import { ManualClock } from "@/lib/clock";
import { config } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrate";
import { startDispatcher } from "@/lib/callbacks";
import { isHosted } from "@/lib/callbacks/policy";
import { sweepBatches } from "@/lib/callbacks/store/statements";
import { startMaintenance } from "@/lib/db/maintenance";
import { startCheckpointer } from "@/lib/db/checkpoint";
import { startPostThread } from "@/lib/net/post-thread";
import { startSandboxSweeper } from "@/lib/services/sandbox-sweep";
import { markStarted } from "@/lib/ops/health";
import { log } from "@/lib/log";
import { recordPublicOrigin } from "@/lib/services/public-origin";
import { buildRegistries } from "@/lib/client-gen/packages/registry";
import { requestListener } from "./route";
import { loadSharedAuthSecret } from "./shared-auth-secret";
import { drainOnSignal } from "./shutdown";

const dev = process.argv.includes("--dev");
const root = path.resolve(import.meta.dirname, "..");
// Local mode posts callbacks to loopback and private addresses, so it listens on
// loopback only: anyone else on the network could make it post to this
// machine's own services and read their answers. HOST changes it (with a warning).
const hosted = isHosted();
const host = process.env.HOST || (hosted ? undefined : "127.0.0.1");
const loopbackHost = (h: string) => h === "localhost" || h === "::1" || /^127\./.test(h);
if (!hosted && host && !loopbackHost(host)) {
  log().warn(
    `[server] HOST=${host} with the local callback policy: whoever reaches this address can make the portal post to this machine's and its network's private services. ` +
      "Set PUBLIC_URL to the public origin (or CALLBACK_POLICY=public) when others use it.",
  );
}
const port = config.port;
if (serverRuntime.clock instanceof ManualClock) {
  log().warn("[server] TEST_CLOCK=1: a test clock, moved on by POST /__clock/advance from loopback; never for real use");
}

if (process.env.OPERATOR_EMAILS) log().warn("[server] OPERATOR_EMAILS is no longer read: make operators with `npm run admin -- user operator --email E`");
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

// This process's own origin, for the requests it makes to itself; PORT=0 binds a port the system picks.
let bound = port;
const origin = () => `http://${host && host !== "0.0.0.0" && host !== "::" ? host : "localhost"}:${bound}`;
// Next's request handler once Next is ready: a request for it that comes sooner (a fixed PORT) waits.
let nextIsReady!: () => void;
const nextReady = new Promise<void>((resolve) => (nextIsReady = resolve));
let nextHandler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
const handleNext = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  await nextReady;
  return nextHandler(req, res);
};
const server = http.createServer({ keepAliveTimeout: 65_000, requestTimeout: 120_000 }, requestListener({ origin, handleNext, runtime: serverRuntime }));
server.headersTimeout = 66_000; // longer than keep-alive, as Node asks

// A deep accept queue: a thousand clients connecting at once wait in it instead of being dropped (Node's default is 511).
await new Promise<void>((resolve) => server.listen({ port, host, backlog: 4096 }, resolve));
drainOnSignal(server, serverRuntime, (config.drainGraceSeconds ?? (hosted ? 5 : 0)) * 1000);
bound = (server.address() as AddressInfo).port;
process.env.PORT = String(bound); // config.publicUrl's default, here and in Next's bundles, is on the bound port
// Next is made once the port is bound: the URLs of its requests (the sign-in's redirects among
// them) are on that port, also with PORT=0.
const nextApp = next({ dev, dir: root, hostname: host ?? "localhost", port: bound });
nextHandler = nextApp.getRequestHandler();
await nextApp.prepare();
nextIsReady();
await recordPublicOrigin(); // the operator command line's links (lib/services/public-origin.ts)
await buildRegistries(); // the client packages (tsc, javac) compiled now, never on a request (lib/client-gen/packages/registry.ts)
markStarted(); // /readyz answers 200 from now on (while the database answers)
// The line below reports the port bound: with PORT=0 (tests/helpers/server.ts) it is how the starter learns it
// (its text is the same in either LOG_FORMAT: JSON's `msg`).
log().info(`[server] portal on ${config.publicUrl} (listening on ${host ?? "all interfaces"}:${bound}${dev ? ", dev" : ""})`);
