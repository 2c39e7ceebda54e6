// Limits and defaults of a server as `npm start` runs it, each on a server of
// its own (README "Hosting it for others"): anonymous inspector posts per
// sender address, where local mode listens, and what a database outage answers.
import { afterAll, describe, expect, it } from "vitest";
import { bareApp, cliOn } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import { requestFrom } from "../helpers/from-address";
import type { RunningServer } from "../helpers/server";
import { freshMinute } from "../helpers/window";

const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});
const own = async (name: string, env: Record<string, string> = {}) => {
  const db = await ownDb(name);
  const s = await startServer({ databaseUrl: db.url, env });
  servers.push(s);
  return { server: s, dbUrl: db.url };
};

describe("the inspector, per sender address", () => {
  it("one address gets 60 posts a minute (INSPECT_PER_ADDRESS_PER_MINUTE), whichever inspectors it posts to; others still get through", async () => {
    const { server, dbUrl } = await own("inspect_address");
    const a = await bareApp(dbUrl, server.origin);
    const b = { appId: (await cliOn(dbUrl, server.origin, "app", "create", "--owner", a.email, "--name", "Second")).appId };
    await freshMinute(25);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await requestFrom("127.0.51.1", `${server.origin}/inspect/${i % 2 ? a.appId : b.appId}`, { method: "POST", body: `n${i}` })).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await requestFrom("127.0.51.1", `${server.origin}/inspect/${a.appId}`, { method: "POST", body: "one more" });
    expect([refused.status, refused.json.error]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await requestFrom("127.0.51.2", `${server.origin}/inspect/${a.appId}`, { method: "POST", body: "another sender" })).status).toBe(200);
  }, 180_000);
});
