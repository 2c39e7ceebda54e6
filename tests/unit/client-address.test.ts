import { describe, expect, it } from "vitest";
import { resolveClientAddress } from "@/lib/net/client-address";

describe("resolveClientAddress", () => {
  it("uses the socket's address and ignores x-forwarded-for without trusted proxies", () => {
    expect(resolveClientAddress("203.0.113.7", "1.2.3.4", "")).toBe("203.0.113.7");
    expect(resolveClientAddress("203.0.113.7", undefined, "")).toBe("203.0.113.7");
  });

  it("ignores x-forwarded-for from a peer that is not a trusted proxy", () => {
    expect(resolveClientAddress("203.0.113.7", "1.2.3.4", "10.0.0.0/8")).toBe("203.0.113.7");
  });

  it("takes the right-most untrusted hop behind trusted proxies", () => {
    const trusted = "10.0.0.0/8, 192.168.1.5";
    expect(resolveClientAddress("10.1.2.3", "198.51.100.9", trusted)).toBe("198.51.100.9");
    // The client forged the left-most hops; the proxies appended the real one.
    expect(resolveClientAddress("10.1.2.3", "6.6.6.6, 7.7.7.7, 198.51.100.9, 192.168.1.5", trusted)).toBe("198.51.100.9");
  });

  it("canonicalizes IPv4-mapped and IPv6 spellings", () => {
    expect(resolveClientAddress("::ffff:127.0.0.1", undefined, "")).toBe("127.0.0.1");
    expect(resolveClientAddress("::ffff:10.0.0.2", "2001:db8:0:0::1", "10.0.0.0/8")).toBe("2001:db8::1");
    expect(resolveClientAddress("fd00::1", "[2001:db8::5]", "fd00::/8")).toBe("2001:db8::5");
  });

  it("stops at a hop that is not an address, bounded in length", () => {
    const junk = "x".repeat(500);
    expect(resolveClientAddress("10.0.0.1", `1.1.1.1, ${junk}`, "10.0.0.0/8")).toBe("x".repeat(64));
  });

  it("uses the left-most hop when every hop is trusted, the peer when there is none", () => {
    expect(resolveClientAddress("10.0.0.1", "10.0.0.9, 10.0.0.8", "10.0.0.0/8")).toBe("10.0.0.9");
    expect(resolveClientAddress("10.0.0.1", undefined, "10.0.0.0/8")).toBe("10.0.0.1");
    expect(resolveClientAddress(undefined, "1.2.3.4", "")).toBe("unknown");
  });

  it("refuses a malformed TRUSTED_PROXIES entry", () => {
    expect(() => resolveClientAddress("10.0.0.1", "1.1.1.1", "10.0.0.0/40")).toThrow(/TRUSTED_PROXIES/);
    expect(() => resolveClientAddress("10.0.0.1", "1.1.1.1", "proxy.local")).toThrow(/TRUSTED_PROXIES/);
  });
});
