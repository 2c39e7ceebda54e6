// Name resolution for the callback network policy (lib/callbacks/policy.ts) in
// a hosted portal: its own c-ares resolver (dns.Resolver), not the system's
// getaddrinfo, so a slow name server costs a bounded wait (TIMEOUT_MS per try,
// TRIES tries) and never a thread of libuv's small pool, which the database
// driver and password hashing share. At most MAX_IN_FLIGHT names are resolved
// at once per process; past that a lookup is refused at once. Names under
// `localhost` are loopback (RFC 6761) without asking anyone.
import dns from "node:dns";
import { part, runtime } from "@/lib/runtime";

const TIMEOUT_MS = 2_000;
const TRIES = 2;
const MAX_IN_FLIGHT = 64;

export type Resolved = { address: string; family: number };

/** Too many lookups in flight: not an answer about the name. */
export class ResolverBusy extends Error {
  constructor() {
    super(`more than ${MAX_IN_FLIGHT} names are being resolved at once`);
  }
}

const RESOLVER = part<{ resolver: dns.promises.Resolver; inFlight: number }>("resolver");
const state = () => runtime().of(RESOLVER, () => ({ resolver: new dns.promises.Resolver({ timeout: TIMEOUT_MS, tries: TRIES }), inFlight: 0 }));

/** Every IPv4 and IPv6 address of `host` (empty when it has none); rejects when the name servers cannot answer. */
export async function resolveHost(host: string): Promise<Resolved[]> {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return [{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }];
  const s = state();
  if (s.inFlight >= MAX_IN_FLIGHT) throw new ResolverBusy();
  s.inFlight++;
  try {
    const [v4, v6] = await Promise.allSettled([s.resolver.resolve4(name), s.resolver.resolve6(name)]);
    const out: Resolved[] = [];
    if (v4.status === "fulfilled") for (const address of v4.value) out.push({ address, family: 4 });
    if (v6.status === "fulfilled") for (const address of v6.value) out.push({ address, family: 6 });
    // No address and a failure that is not "no such name / no such record": the lookup itself failed.
    const failed = [v4, v6].find((r) => r.status === "rejected" && !["ENOTFOUND", "ENODATA"].includes((r.reason as { code?: string }).code ?? ""));
    if (!out.length && failed?.status === "rejected") throw failed.reason;
    return out;
  } finally {
    s.inFlight--;
  }
}
