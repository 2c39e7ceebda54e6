// Settings checked before anything opens a database or a file: imported by
// main.ts right after its runtime (server/runtime-install.ts, which opens
// nothing), so a bad value stops the start with a clear message (an unknown
// DATABASE_URL used to create a SQLite file under a folder named after it).
import { exitOnUnknownDatabase } from "@/lib/db/url-check";
import { callbackPorts } from "@/lib/callbacks/policy";
import { checkTrustedProxies } from "@/lib/net/client-address";
import { log } from "@/lib/log";

exitOnUnknownDatabase(); // DATABASE_URL is a file: or postgres(ql):// URL, or the start stops here
checkTrustedProxies(); // a typo in TRUSTED_PROXIES stops the start instead of trusting nobody

try {
  callbackPorts(); // a typo in CALLBACK_PORTS stops the start instead of refusing every callback
} catch (e) {
  log().error(`[server] ${(e as Error).message}`);
  process.exit(1);
}
