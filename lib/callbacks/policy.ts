// The callback network policy (README: How the sandbox behaves). Decides, for one delivery, where its POST may go:
// - never with credentials in the URL (they would become a Basic header);
// - the app's own inspector address (the portal's public origin + /inspect/…)
//   is delivered in-process; other paths of the portal's own origin are refused;
// - hosted (PUBLIC_URL's host is not loopback, or CALLBACK_POLICY=public):
//   only to public addresses, on the ports of CALLBACK_PORTS (80 and 443 by
//   default: a failure reason must not make the portal a port scanner), never
//   to the host's own addresses (its interfaces', PUBLIC_URL's host's). The
//   name is resolved once (lib/net/dns.ts), every address it resolves to is
//   checked, and the connection goes to the checked address (the `pin`
//   returned), so a second resolution cannot rebind it;
// - local (the default, or CALLBACK_POLICY=local): any address, loopback included.
import net from "node:net";
import os from "node:os";
import { type Resolved, ResolverBusy, resolveHost } from "@/lib/net/dns";
import type { Pin } from "@/lib/net/http-post";
import { isHosted } from "@/lib/net/hosted";
import { canonicalIp, hostKey, ipFamily } from "@/lib/net/ip";
import { config, part, runtime } from "@/lib/runtime";

export type { Resolved };
export type Resolver = (host: string) => Promise<Resolved[]>;
// One list per family: node:net's BlockList matches IPv4 addresses against IPv6 rules as mapped addresses.
type Ranges = { v4: net.BlockList; v6: net.BlockList; label: string }[];
export type Policy = {
  hosted: boolean;
  resolve: Resolver;
  ownOrigin: string;
  blocked: Ranges;
  /** Ports a hosted portal posts to; null: any. */
  ports: number[] | null;
  /** The host's own addresses (canonical): a hosted portal never posts to them. */
  ownAddresses: () => Promise<Set<string>>;
};

/** Where a delivery goes: refused with a reason, the in-process inspector, or the network at a checked address. */
export type Route =
  | { kind: "refused"; reason: string }
  | { kind: "inspector"; appId: string }
  | { kind: "network"; url: URL; pin?: Pin };

/** Addresses a hosted portal never posts to, by what they are (named in the refusal). */
export const NON_PUBLIC: [string, string[]][] = [
  ["a loopback address", ["127.0.0.0/8", "::1/128"]],
  ["an unspecified address", ["0.0.0.0/8", "::/128"]],
  ["a private address", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]],
  ["a link-local address", ["169.254.0.0/16", "fe80::/10"]],
  ["a shared (carrier-grade NAT) address", ["100.64.0.0/10"]],
  ["a unique-local address", ["fc00::/7", "fec0::/10"]],
  ["a multicast or broadcast address", ["224.0.0.0/4", "255.255.255.255/32", "ff00::/8"]],
  ["an IPv4-mapped or IPv4-embedding address", ["::ffff:0:0/96", "::ffff:0:0:0/96", "::/96", "64:ff9b::/96", "64:ff9b:1::/48", "2002::/16", "2001::/32"]],
  ["a reserved or documentation address", [
    "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
    "100::/64", "2001:db8::/32",
  ]],
];

export function ranges(table: [string, string[]][] = NON_PUBLIC): Ranges {
  return table.map(([label, cidrs]) => {
    const r = { v4: new net.BlockList(), v6: new net.BlockList(), label };
    for (const c of cidrs) {
      const [ip, bits] = c.split("/");
      const family = ipFamily(ip!);
      r[family === "ipv4" ? "v4" : "v6"].addSubnet(ip!, Number(bits), family);
    }
    return r;
  });
}

/** What kind of non-public address `ip` is, or null when it is public. */
export function nonPublic(ip: string, blocked: Ranges): string | null {
  let s = ip.startsWith("[") ? ip.slice(1, -1) : ip;
  if (s.includes("%")) s = s.slice(0, s.indexOf("%"));
  const family = net.isIP(s);
  if (!family) return "not an IP address";
  for (const r of blocked) if (family === 4 ? r.v4.check(s, "ipv4") : r.v6.check(s, "ipv6")) return r.label;
  return null;
}

// Whether the portal is hosted: lib/net/hosted.ts (base tier, which the account rules read too).
export { isHosted };

/** CALLBACK_PORTS: the ports a hosted portal posts to ("80,443" by default; "any" for every port). */
export function callbackPorts(raw = config.callbackPorts): number[] | null {
  if (raw === undefined || raw.trim() === "") return [80, 443];
  if (raw.trim() === "any") return null;
  const ports = raw.split(",").map((p) => Number(p.trim()));
  if (ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) throw new Error(`CALLBACK_PORTS must be "any" or a comma-separated list of ports, got "${raw}"`);
  return ports;
}

const OWN_TTL_MS = 60_000;
const OWN_ADDRESSES = part<{ at: number; set: Promise<Set<string>> }>("ownAddresses");

/** This host's interface addresses and PUBLIC_URL's host's, looked up again at most once a minute. */
function hostAddresses(): Promise<Set<string>> {
  const now = Date.now(); // a cache's age, not a rule: real time
  const known = runtime().get(OWN_ADDRESSES);
  if (known && now - known.at < OWN_TTL_MS) return known.set;
  const set = (async () => {
    const own = new Set<string>();
    for (const list of Object.values(os.networkInterfaces())) for (const i of list ?? []) own.add(canonicalIp(i.address) ?? i.address);
    const host = new URL(config.publicUrl).hostname;
    const literal = canonicalIp(host);
    if (literal) own.add(literal);
    else for (const a of await resolveHost(host).catch(() => [])) own.add(canonicalIp(a.address) ?? a.address);
    return own;
  })();
  runtime().set(OWN_ADDRESSES, { at: now, set });
  return set;
}

let defaultBlocked: Ranges | undefined;
let policyFor: { key: string; policy: Policy } | undefined;

/** The policy of this process's settings; built again only when one of them changed (every callback asks). */
export function currentPolicy(): Policy {
  const key = `${config.publicUrl}\n${config.callbackPolicy}\n${config.callbackPorts}`;
  if (policyFor?.key === key) return policyFor.policy;
  const policy: Policy = {
    hosted: isHosted(),
    resolve: resolveHost,
    ownOrigin: new URL(config.publicUrl).origin,
    blocked: (defaultBlocked ??= ranges()),
    ports: callbackPorts(),
    ownAddresses: hostAddresses,
  };
  policyFor = { key, policy };
  return policy;
}

const refused = (reason: string): Route => ({ kind: "refused", reason: `refused by the callback network policy: ${reason}` });

/** The app whose inspector a URL of the portal's own origin addresses (`/inspect/<appId>`), else null. */
export function inspectorAppOf(url: URL): string | null {
  const m = /^\/inspect\/([^/]+)\/?$/.exec(url.pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1]!;
  }
}

/** Whether `url` is the app's own inspector address on this portal (posted in-process, never over the network). */
export function isOwnInspector(url: string | null, appId: string, ownOrigin = currentPolicy().ownOrigin): boolean {
  if (!url || !URL.canParse(url)) return false;
  const u = new URL(url);
  return u.origin === ownOrigin && inspectorAppOf(u) === appId;
}

/**
 * The host a network route posts to, as the per-host budgets count it (receiver
 * checks, callbacks): on a hosted portal the address its name was resolved to
 * (many names cannot share out one server's budget), else the URL's host; keyed
 * by lib/net/ip.ts `hostKey` (an IPv6 address by its /64). Null for the
 * in-process inspector and a refused route.
 */
export function destinationHost(route: Route): string | null {
  return route.kind === "network" ? hostKey(route.pin?.address ?? route.url.hostname) : null;
}

export async function routeFor(raw: string, policy: Policy = currentPolicy()): Promise<Route> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refused("not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return refused("only http and https addresses are posted to");
  if (url.username || url.password) return refused("the address carries credentials (user:password@); they are never sent");
  if (url.origin === policy.ownOrigin) {
    const appId = inspectorAppOf(url);
    if (appId !== null) return { kind: "inspector", appId };
    return refused("the portal's own address receives callbacks only at /inspect/<appId>");
  }
  if (!policy.hosted) return { kind: "network", url };
  const host = url.hostname;
  const literal = canonicalIp(host) !== null || host.startsWith("[");
  let addresses: Resolved[];
  if (literal) {
    const s = host.startsWith("[") ? host.slice(1, -1) : host;
    addresses = [{ address: s, family: net.isIP(s) }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch (e) {
      return { kind: "refused", reason: e instanceof ResolverBusy ? `${e.message}; try again in a moment` : "host not found" };
    }
    if (!addresses.length) return { kind: "refused", reason: "host not found" };
  }
  const own = await policy.ownAddresses();
  for (const a of addresses) {
    const what = nonPublic(a.address, policy.blocked) ?? (own.has(canonicalIp(a.address) ?? a.address) ? "this portal's own address" : null);
    if (what) {
      const subject = literal ? `${host} is` : `${host} resolves to ${a.address},`;
      return refused(`${subject} ${what}; a hosted portal posts only to public addresses`);
    }
  }
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (policy.ports && !policy.ports.includes(port)) {
    return refused(`port ${port} is not one a hosted portal posts to (${policy.ports.join(", ")}; CALLBACK_PORTS)`);
  }
  const first = addresses[0]!;
  return literal ? { kind: "network", url } : { kind: "network", url, pin: { address: first.address, family: first.family } };
}
