// The callback network policy. Only loopback traffic: refusals never connect,
// and names come from stub resolvers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCallback } from "@/lib/callbacks/post";
import os from "node:os";
import { callbackPorts, currentPolicy, isHosted, ranges, routeFor, type Policy, type Resolver } from "@/lib/callbacks/policy";
import { resolveHost } from "@/lib/net/dns";
import { canonicalIp } from "@/lib/net/ip";
import { startReceiver, type Receiver } from "../helpers/receiver";

const stub = (table: Record<string, string[]>): Resolver & { calls: string[] } => {
  const calls: string[] = [];
  const fn = async (host: string) => {
    calls.push(host);
    const list = table[host];
    if (!list) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(fn, { calls });
};
const policy = (over: Partial<Policy> = {}): Policy => ({
  hosted: true,
  resolve: stub({}),
  ownOrigin: "https://sandbox.example.com",
  blocked: ranges(),
  ports: null,
  ownAddresses: async () => new Set(),
  ...over,
});

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("hosted or local", () => {
  it("is local for loopback public addresses, hosted otherwise; CALLBACK_POLICY overrides", () => {
    for (const u of ["http://localhost:3000", "http://127.0.0.1:3000", "http://127.8.9.1", "http://[::1]:3000", "http://app.localhost"]) {
      expect(isHosted(u, undefined), u).toBe(false);
    }
    for (const u of ["https://sandbox.example.com", "http://10.0.0.5:3000", "http://192.168.1.2"]) expect(isHosted(u, undefined), u).toBe(true);
    expect(isHosted("http://localhost:3000", "public")).toBe(true);
    expect(isHosted("https://sandbox.example.com", "local")).toBe(false);
    expect(() => isHosted("http://localhost", "yes")).toThrow(/CALLBACK_POLICY/);
  });
});

describe("hosted: public addresses only", () => {
  it.each([
    ["http://127.1:9/", "loopback"],
    ["http://0x7f000001/", "loopback"],
    ["http://2130706433/", "loopback"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped"],
    ["http://0.0.0.0:9/", "unspecified"],
    ["http://[::1]/", "loopback"],
    ["http://[::]/", "unspecified"],
    ["http://10.1.2.3/", "private"],
    ["http://172.20.0.1/", "private"],
    ["http://192.168.0.10/", "private"],
    ["http://169.254.169.254/latest/meta-data", "link-local"],
    ["http://[fe80::1]/", "link-local"],
    ["http://100.64.0.1/", "shared"],
    ["http://[fd12:3456::1]/", "unique-local"],
    ["http://224.0.0.1/", "multicast"],
    ["http://[ff02::1]/", "multicast"],
    ["http://[64:ff9b::7f00:1]/", "IPv4-embedding"],
    ["http://[::ffff:0:7f00:1]/", "IPv4-embedding"],
    ["http://[::ffff:0:a00:1]/", "IPv4-embedding"],
  ])("refuses %s (%s)", async (url, what) => {
    const r = await routeFor(url, policy());
    expect(r.kind).toBe("refused");
    expect(r.kind === "refused" && r.reason).toContain(what);
  });

  it("checks every address a name resolves to, and refuses names that resolve inside", async () => {
    const resolve = stub({ "intranet.example": ["10.9.9.9"], "mixed.example": ["93.184.216.34", "127.0.0.1"], "localhost.example": ["::1"] });
    for (const host of ["intranet.example", "mixed.example", "localhost.example"]) {
      const r = await routeFor(`https://${host}/cb`, policy({ resolve }));
      expect(r.kind, host).toBe("refused");
    }
    const r = await routeFor("https://mixed.example/cb", policy({ resolve }));
    expect(r.kind === "refused" && r.reason).toMatch(/mixed\.example resolves to 127\.0\.0\.1, a loopback address/);
    expect((await routeFor("https://nowhere.example/", policy({ resolve }))).kind).toBe("refused");
  });

  it("posts only to the allowed ports (80 and 443 by default): a failure reason must not scan ports", async () => {
    const resolve = stub({ "hooks.example": ["93.184.216.34"] });
    const ports = callbackPorts(undefined);
    expect(ports).toEqual([80, 443]);
    for (const url of ["http://93.184.216.34:22/", "https://hooks.example:6379/cb", "http://hooks.example:8080/"]) {
      const r = await routeFor(url, policy({ resolve, ports }));
      expect(r.kind === "refused" && r.reason, url).toMatch(/^refused by the callback network policy: port \d+ is not one a hosted portal posts to \(80, 443; CALLBACK_PORTS\)/);
    }
    for (const url of ["http://93.184.216.34/", "https://hooks.example/cb", "https://hooks.example:443/cb", "http://hooks.example:80/"]) {
      expect((await routeFor(url, policy({ resolve, ports }))).kind, url).toBe("network");
    }
    expect(callbackPorts("8443, 443")).toEqual([8443, 443]);
    expect(callbackPorts("any")).toBeNull();
    expect(() => callbackPorts("80,http")).toThrow(/CALLBACK_PORTS/);
  });

  it("refuses the host's own addresses, by literal or by name; its own addresses include every interface's", async () => {
    const resolve = stub({ "me.example": ["2001:4860::8888"] });
    const ownAddresses = async () => new Set(["93.184.216.34", "2001:4860::8888"]);
    for (const url of ["http://93.184.216.34/", "https://me.example/cb"]) {
      const r = await routeFor(url, policy({ resolve, ownAddresses }));
      expect(r.kind === "refused" && r.reason, url).toMatch(/this portal's own address/);
    }
    const own = await currentPolicy().ownAddresses();
    for (const list of Object.values(os.networkInterfaces())) for (const i of list ?? []) expect(own.has(canonicalIp(i.address)!), i.address).toBe(true);
  });

  it("a refused target is never connected to, and the outcome says why", async () => {
    const before = receiver.received.length;
    const url = receiver.url.replace("127.0.0.1", "127.1");
    const o = await postCallback(url, "{}", "dlv_test", ["whsec_x"], policy());
    expect(o).toMatchObject({ status: null, responseBody: null });
    expect(o.error).toMatch(/^refused by the callback network policy: 127\.0\.0\.1 is a loopback address/);
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received.length).toBe(before);
  });

  it("connects to the address it checked: a second resolution cannot rebind the name", async () => {
    // The test's policy treats 127.0.0.2 as public and 127.0.0.1 as inside; the
    // resolver answers 127.0.0.2 once, then 127.0.0.1 (a rebinding attack).
    const got: { host?: string; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c)).on("end", () => {
        got.push({ host: req.headers.host, body });
        res.end("thanks");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
    const { port } = server.address() as AddressInfo;
    let n = 0;
    const resolve: Resolver = async () => [{ address: n++ === 0 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
    const p = policy({ resolve, blocked: ranges([["a loopback address", ["127.0.0.1/32"]]]) });
    try {
      const o = await postCallback(`http://hooks.example:${port}/cb`, '{"a":1}', "dlv_pin", ["whsec_x"], p);
      expect(o).toMatchObject({ status: 200, error: null, responseBody: "thanks" });
      expect(got).toEqual([{ host: `hooks.example:${port}`, body: '{"a":1}' }]);
      expect(n).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe("both modes", () => {
  it("refuses credentials in the URL, locally too", async () => {
    for (const hosted of [true, false]) {
      const r = await routeFor(receiver.url.replace("http://", "http://user:pass@"), policy({ hosted }));
      expect(r.kind === "refused" && r.reason).toMatch(/credentials/);
    }
  });

  it("the portal's own inspector address is delivered in-process; its other paths are refused", async () => {
    expect(await routeFor("https://sandbox.example.com/inspect/app_123", policy())).toEqual({ kind: "inspector", appId: "app_123" });
    const r = await routeFor("https://sandbox.example.com/sandbox/oauth/v1/token", policy());
    expect(r.kind).toBe("refused");
  });

  it("local: loopback is allowed (a developer's own receiver)", async () => {
    const before = receiver.received.length;
    const o = await postCallback(`${receiver.url}/local`, "{}", "dlv_local", ["whsec_x"], policy({ hosted: false }));
    expect(o).toMatchObject({ status: 200, error: null });
    expect(receiver.received.length).toBe(before + 1);
  });
});

describe("the hosted resolver (lib/net/dns.ts)", () => {
  it("answers names under localhost as loopback without asking, and a name that does not exist as none or an error", async () => {
    expect(await resolveHost("localhost")).toEqual([{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }]);
    expect((await resolveHost("api.Localhost.")).map((a) => a.address)).toEqual(["127.0.0.1", "::1"]);
    const r = await resolveHost("no-such-name.invalid").then((list) => list, (e: Error) => e);
    expect(Array.isArray(r) ? r : []).toEqual([]);
  });
});
