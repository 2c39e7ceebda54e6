// Where the portal listens. Local mode (no public PUBLIC_URL) posts callbacks
// to loopback and private addresses, so it listens on loopback only unless
// HOST says otherwise, and then warns; a hosted portal listens on every interface
// (and logs JSON by default: lib/log.ts).
import net from "node:net";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { signInOverHttp } from "../helpers/from-address";
import { cliBatch } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";

/** This machine's first non-loopback IPv4 address, if it has one. */
const lanAddress = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe("the listening address", () => {
  it("local mode without HOST: loopback only", async () => {
    const db = await ownDb("bind_local");
    running = await startServer({ databaseUrl: db.url, env: { HOST: "" } });
    expect(running.log()).toMatch(/listening on 127\.0\.0\.1:/);
    expect(await connects("127.0.0.1", running.port)).toBe(true);
    if (lanAddress) expect(await connects(lanAddress, running.port)).toBe(false);
  });

  it("local mode with HOST on every interface: it listens there and warns", async () => {
    const db = await ownDb("bind_warn");
    running = await startServer({ databaseUrl: db.url, env: { HOST: "0.0.0.0" } });
    expect(running.log()).toMatch(/HOST=0\.0\.0\.0 with the local callback policy/);
    if (lanAddress) expect(await connects(lanAddress, running.port)).toBe(true);
  });

  it("hosted without HOST: every interface, no warning", async () => {
    const db = await ownDb("bind_hosted");
    running = await startServer({ databaseUrl: db.url, env: { HOST: "", PUBLIC_URL: "https://sandbox.example.test" } });
    expect(running.log()).toMatch(/listening on all interfaces/);
    expect(running.log()).not.toMatch(/local callback policy/);
    // Hosted, the log is JSON by default (LOG_FORMAT unset): the start line is a JSON object whose msg the starter reads.
    const start = running.log().split("\n").find((l) => l.includes("[server] portal on"))!;
    expect(JSON.parse(start)).toMatchObject({ level: "info", msg: expect.stringMatching(/^\[server\] portal on https:\/\/sandbox\.example\.test \(listening on all interfaces:\d+\)$/) });
    if (lanAddress) expect(await connects(lanAddress, running.port)).toBe(true);
  });

  it("PORT=0: the port the system picked is the one the console's sign-in sends the browser back to", async () => {
    const db = await ownDb("bind_port0");
    running = await startServer({ databaseUrl: db.url }); // PORT=0, HOST=127.0.0.1, after this file's other portals
    const email = `p0-${running.port}@example.com`;
    await cliBatch(db.url, running.origin, [["user", "create", "--email", email, "--password", "long enough pw"]]);
    const wrong = await signInOverHttp(running.origin, email, "not the password");
    const back = new URL(wrong.location);
    expect([back.port, back.pathname, back.searchParams.get("code")]).toEqual([String(running.port), "/signin", "credentials"]);
    const right = await signInOverHttp(running.origin, email, "long enough pw");
    expect(right.session).not.toBeNull();
    expect(new URL(right.location).port).toBe(String(running.port));
  });
});
