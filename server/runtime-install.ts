// The server's runtime (lib/runtime.ts), made and installed before any other
// module is loaded: server/main.ts imports this file first, since modules read
// the runtime as they load (the Prisma client, lib/db/prisma.ts). Its clock is
// the real one, or with TEST_CLOCK=1 (the integration tests' servers only) a
// `ManualClock` that tests move on through server/clock-control.ts instead of
// sleeping; Next's bundles read the same runtime, so they follow it too.
import { ManualClock } from "@/lib/clock";
import { installRuntime, Runtime } from "@/lib/runtime";

export const serverRuntime = new Runtime(process.env.TEST_CLOCK === "1" ? new ManualClock() : undefined);
installRuntime(serverRuntime);
