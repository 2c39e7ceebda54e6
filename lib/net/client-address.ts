// The client's address (README: How the sandbox behaves). The
// socket's peer, unless that peer is one of TRUSTED_PROXIES (a comma list of
// IPs and CIDR ranges): then the right-most hop of x-forwarded-for that is not
// a trusted proxy. Hops left of it were written by the client and are ignored,
// so a client cannot choose its own address by sending the header.
import { config } from "@/lib/runtime";
import { canonicalIp, cidrList, inList } from "./ip";

/** Longest address kept (an IPv6 address is at most 45 characters). */
const MAX_LENGTH = 64;

function parseTrusted(raw: string | undefined) {
  const entries = (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return cidrList(entries, "TRUSTED_PROXIES");
}

let cached: { raw: string | undefined; list: ReturnType<typeof parseTrusted> } | undefined;
function trustedProxies() {
  const raw = config.trustedProxies;
  if (!cached || cached.raw !== raw) cached = { raw, list: parseTrusted(raw) };
  return cached.list;
}

const listOf = (trusted: string | undefined) => (trusted === config.trustedProxies ? trustedProxies() : parseTrusted(trusted));

/** Whether the socket's peer is one of TRUSTED_PROXIES (default): only then are its forwarded headers believed. */
export function isTrustedProxy(remoteAddress: string | undefined, trusted: string | undefined = config.trustedProxies): boolean {
  const peer = canonicalIp(remoteAddress);
  return !!peer && inList(listOf(trusted), peer);
}

/**
 * What a proxy says about the request it forwards, besides the client's
 * address: believed only from TRUSTED_PROXIES (server/route.ts drops them
 * from anyone else before a handler reads them).
 */
export const FORWARDED_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"] as const;

/**
 * The address that limits count against. `trusted` defaults to TRUSTED_PROXIES.
 * Returns "unknown" when the socket's address is unknown; a hop that is not an
 * IP address is where the chain stops being trustworthy, so it is returned as
 * text (cut to 64 characters) rather than skipped.
 */
export function resolveClientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: string | undefined = config.trustedProxies,
): string {
  const peer = canonicalIp(remoteAddress);
  if (!peer) return remoteAddress ? remoteAddress.slice(0, MAX_LENGTH) : "unknown";
  // Without the header there is nothing to trust or not: the peer (the common case, and the cheap one).
  if (!forwardedFor) return peer;
  if (!isTrustedProxy(peer, trusted)) return peer;
  const list = listOf(trusted);
  const hops = forwardedFor.split(",").map((s) => s.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const ip = canonicalIp(hops[i]);
    if (!ip) return hops[i]!.slice(0, MAX_LENGTH);
    if (!inList(list, ip)) return ip;
  }
  // Every hop is a trusted proxy: the left-most one is the closest we know to the client.
  return canonicalIp(hops[0]) ?? peer;
}

/** Checks TRUSTED_PROXIES at start-up, so a typo fails loudly instead of trusting nobody. */
export function checkTrustedProxies(): void {
  trustedProxies();
}

/**
 * The client's address as handlers read it: our server (server/route.ts)
 * overwrites x-forwarded-for with resolveClientAddress's answer before any
 * handler runs, so the header holds exactly one trustworthy address.
 */
export function clientAddress(headers: { get(name: string): string | null }): string {
  const xff = headers.get("x-forwarded-for");
  const last = xff?.split(",").at(-1)?.trim();
  return (last || "unknown").slice(0, MAX_LENGTH);
}
