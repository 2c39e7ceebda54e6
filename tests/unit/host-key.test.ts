// The key a per-host budget counts a destination under (lib/net/ip.ts hostKey,
// through lib/callbacks/policy.ts destinationHost, which the receiver checks'
// and the callbacks' per-host budgets both call): an IPv6 address by its /64.
import { describe, expect, it } from "vitest";
import { destinationHost, ranges, routeFor, type Policy, type Resolver } from "@/lib/callbacks/policy";
import { hostKey } from "@/lib/net/ip";

describe("hostKey", () => {
  it("keys an IPv6 address on its /64, whatever its spelling", () => {
    expect(hostKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(hostKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(hostKey("[2001:db8:1:2:aaaa::9]")).toBe("2001:db8:1:2::/64");
    expect(hostKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(hostKey("2a00:1450:4001:82b::200e")).toBe("2a00:1450:4001:82b::/64");
    expect(hostKey("::1")).toBe("::/64");
    expect(hostKey("fe80::1%eth0")).toBe("fe80::/64");
  });
  it("keeps an IPv4 address (a mapped one as IPv4) and a name as they are, the name lower-cased without its final dot", () => {
    expect(hostKey("203.0.113.7")).toBe("203.0.113.7");
    expect(hostKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(hostKey("Receiver.Example.COM.")).toBe("receiver.example.com");
  });
});

describe("the per-host budgets' key for a route (destinationHost)", () => {
  const resolve: Resolver = async (host) => {
    const table: Record<string, string> = { "a.example": "2600:1f18:1:2::10", "b.example": "2600:1f18:1:2:ffff::99", "c.example": "2600:1f18:1:3::10" };
    if (!table[host]) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return [{ address: table[host]!, family: 6 }];
  };
  const hosted: Policy = { hosted: true, resolve, ownOrigin: "https://sandbox.example.com", blocked: ranges(), ports: null, ownAddresses: async () => new Set() };

  it("hosted: names resolved to addresses of one /64 are one host; another /64 is another", async () => {
    const [a, b, c] = await Promise.all(["https://a.example/cb", "https://b.example/hook", "https://c.example/cb"].map((u) => routeFor(u, hosted)));
    expect(destinationHost(a!)).toBe("2600:1f18:1:2::/64");
    expect(destinationHost(b!)).toBe(destinationHost(a!));
    expect(destinationHost(c!)).toBe("2600:1f18:1:3::/64");
    const literal = await routeFor("https://[2600:1f18:1:2:1234::1]/cb", hosted);
    expect(destinationHost(literal)).toBe(destinationHost(a!));
  });
  it("local: the URL's host; none for the app's own inspector and a refused route", async () => {
    const local: Policy = { ...hosted, hosted: false };
    expect(destinationHost(await routeFor("http://[::1]:4000/cb", local))).toBe("::/64");
    expect(destinationHost(await routeFor("http://LocalHost.:4000/cb", local))).toBe("localhost");
    expect(destinationHost(await routeFor("https://sandbox.example.com/inspect/app_1", local))).toBeNull();
    expect(destinationHost(await routeFor("ftp://x.example/", local))).toBeNull();
  });
});
