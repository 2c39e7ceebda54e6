// IP address parsing shared by the client-address rule and the callback
// network policy: canonical forms and CIDR lists on node:net's BlockList.
import net from "node:net";

/** The address in canonical form (IPv4-mapped IPv6 as plain IPv4, brackets and zone dropped), or null. */
export function canonicalIp(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let s = raw.trim();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const zone = s.indexOf("%");
  if (zone > 0) s = s.slice(0, zone);
  const v = net.isIP(s);
  if (v === 4) return s;
  if (v !== 6) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(s);
  if (mapped) return mapped[1]!;
  return new net.SocketAddress({ address: s, family: "ipv6" }).address;
}

export const ipFamily = (ip: string): "ipv4" | "ipv6" => (net.isIPv4(ip) ? "ipv4" : "ipv6");

/** A BlockList from entries such as "10.0.0.1", "10.0.0.0/8", "::1", "fd00::/8". Throws on a bad entry. */
export function cidrList(entries: readonly string[], what: string): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [addr, bits, extra] = entry.split("/");
    const ip = canonicalIp(addr);
    if (!ip || extra !== undefined) throw new Error(`${what}: "${entry}" is not an IP address or CIDR range`);
    const family = ipFamily(ip);
    if (bits === undefined) {
      list.addAddress(ip, family);
      continue;
    }
    const n = Number(bits);
    const max = family === "ipv4" ? 32 : 128;
    if (!/^\d+$/.test(bits) || n > max) throw new Error(`${what}: "${entry}" has a bad prefix length`);
    list.addSubnet(ip, n, family);
  }
  return list;
}

export function inList(list: net.BlockList, ip: string): boolean {
  return list.check(ip, ipFamily(ip));
}

/** How many leading bits of an IPv6 address name one host for a per-host budget: one subnet (a /64) is one host. */
export const IPV6_HOST_PREFIX = 64;

/**
 * The key a per-host budget counts a destination under (receiver checks,
 * callbacks): an IPv4 address as is; an IPv6 address by its /64, written
 * "2001:db8:1:2::/64" (one site gets a /64 and can use any address in it, so
 * counting each address apart would let one receiver take 2^64 budgets); a
 * name lower-cased without its final dot.
 */
export function hostKey(host: string): string {
  const ip = canonicalIp(host);
  if (!ip) return host.toLowerCase().replace(/\.$/, "");
  if (ipFamily(ip) === "ipv4") return ip;
  const bytes = new net.SocketAddress({ address: ip, family: "ipv6" }).address; // canonical text
  const groups = expandV6(bytes).slice(0, IPV6_HOST_PREFIX / 16);
  const prefix = new net.SocketAddress({ address: `${groups.join(":")}::`, family: "ipv6" }).address;
  return `${prefix}/${IPV6_HOST_PREFIX}`;
}

/** The eight 16-bit groups of a canonical IPv6 address, as hex without leading zeros. */
function expandV6(ip: string): string[] {
  const [head, tail] = ip.includes("::") ? ip.split("::") : [ip, undefined];
  const left = head ? head.split(":") : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}
