// Hosted or local (the contract's "Hosted or local"): the portal is hosted when
// the host of PUBLIC_URL is not a loopback name or address; CALLBACK_POLICY
// overrides the choice. Base tier, so every rule that differs between the two
// reads it here: the callback network policy (lib/callbacks/policy.ts), the log
// format, the drain grace, email verification (lib/services/verification.ts).
import { config } from "@/lib/runtime";
import { canonicalIp } from "./ip";

const LOOPBACK_NAMES = new Set(["localhost", "localhost.localdomain", "ip6-localhost"]);

/** 127.0.0.0/8 and ::1 (an IPv4-mapped address is read as its IPv4 one). */
const isLoopbackIp = (ip: string) => /^127\./.test(ip) || ip === "::1";

/** Whether the portal is hosted: PUBLIC_URL's host is not a loopback name or address (CALLBACK_POLICY overrides). */
export function isHosted(publicUrl = config.publicUrl, override = config.callbackPolicy): boolean {
  if (override === "public") return true;
  if (override === "local") return false;
  if (override) throw new Error(`CALLBACK_POLICY must be "public" or "local", got "${override}"`);
  const host = new URL(publicUrl).hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith(".localhost")) return false;
  const ip = canonicalIp(host);
  return !(ip && isLoopbackIp(ip));
}
