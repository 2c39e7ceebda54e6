// The portal's one server process (`npm start`): reads the settings from the
// environment, makes the portal (server/portal.ts), listens, drains on a signal.
//   PORT (3000), HOST (hosted: all interfaces; local: 127.0.0.1), `--dev` for Next's dev mode,
//   TEST_CLOCK=1 (the integration tests' servers only): a `ManualClock` that tests move on
//   through server/clock-control.ts instead of sleeping.
import { ManualClock, realClock } from "@/lib/clock";
import { makeConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { isHosted } from "@/lib/callbacks/policy";
import { enter } from "@/lib/runtime";
import { createPortal, type Portal } from "./portal";
import { SettingsRefused } from "./preflight";
import { drainOnSignal } from "./shutdown";

const config = makeConfig(process.env); // the one read of the settings: nothing below reads the environment
let portal: Portal;
try {
  portal = createPortal({ config, clock: config.testClock ? new ManualClock() : realClock, dev: process.argv.includes("--dev") });
} catch (e) {
  if (e instanceof SettingsRefused) process.exit(1); // logged by the check
  throw e;
}
const hosted = enter(portal.runtime, () => isHosted());
if (config.operatorEmailsGiven) enter(portal.runtime, () => log().warn("[server] OPERATOR_EMAILS is no longer read: make operators with `npm run admin -- user operator --email E`"));
drainOnSignal(portal.drain, (config.drainGraceSeconds ?? (hosted ? 5 : 0)) * 1000);
await portal.listen();
