// Settings checked before anything opens a database or a file: run by
// createPortal (server/portal.ts) in the portal's runtime, so a bad value
// stops the start with a clear message (an unknown DATABASE_URL used to create
// a SQLite file under a folder named after it).
import { databaseUrlRefusal } from "@/lib/db/url-check";
import { callbackPorts } from "@/lib/callbacks/policy";
import { checkTrustedProxies } from "@/lib/net/client-address";
import { log } from "@/lib/log";

/** A setting that stops the start: its message is logged already (server/main.ts exits 1). */
export class SettingsRefused extends Error {}

/** Checks the current portal's settings: throws SettingsRefused (logged) or, for TRUSTED_PROXIES, its own error. */
export function preflight(): void {
  const refusal = databaseUrlRefusal(); // DATABASE_URL is a file: or postgres(ql):// URL, or the start stops here
  if (refusal) {
    log().error(refusal);
    throw new SettingsRefused(refusal);
  }
  checkTrustedProxies(); // a typo in TRUSTED_PROXIES stops the start instead of trusting nobody
  try {
    callbackPorts(); // a typo in CALLBACK_PORTS stops the start instead of refusing every callback
  } catch (e) {
    const message = `[server] ${(e as Error).message}`;
    log().error(message);
    throw new SettingsRefused(message);
  }
}
