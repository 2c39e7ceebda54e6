// The server's runtime (lib/runtime.ts), made and installed before any other
// module is loaded: server/main.ts imports this file first, since modules read
// the runtime as they load (the Prisma client, lib/db/prisma.ts). Its clock is
// the real one, or with TEST_CLOCK=1 (the integration tests' servers only) a
// `ManualClock` that tests move on through server/clock-control.ts instead of
// sleeping; Next's bundles read the same runtime, so they follow it too.
// Its logger (lib/log.ts) is set here too, so every line the process writes,
// from the first, has the format chosen: LOG_FORMAT, else JSON when hosted
// (PUBLIC_URL not loopback, lib/callbacks/policy.ts `isHosted`), text locally.
import { ManualClock } from "@/lib/clock";
import { config } from "@/lib/config";
import { isHosted } from "@/lib/callbacks/policy";
import { installLogger } from "@/lib/log";
import { installRuntime, Runtime } from "@/lib/runtime";

export const serverRuntime = new Runtime(process.env.TEST_CLOCK === "1" ? new ManualClock() : undefined);
installRuntime(serverRuntime);
installLogger(serverRuntime, config.logFormat ?? (isHosted() ? "json" : "text"));
