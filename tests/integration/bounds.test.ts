// Every store is bounded: the request log and the inbox keep the newest N of an app.
import { afterAll, describe, expect, it } from "vitest";
import { clientFor, ownDb, setUpApp, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";

let server: RunningServer | undefined;
afterAll(() => server?.stop());

describe("bounded stores", () => {
  it("request log: REQUEST_LOG_LIMIT newest calls per app; inbox: INBOX_LIMIT newest entries", async () => {
    const db = ownDb("bounds");
    server = await startServer({ dbFile: db.file, env: { REQUEST_LOG_LIMIT: "5", INBOX_LIMIT: "3" } });
    const { appId, token } = await setUpApp(db.url, server);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await fetch(`${server.origin}/sandbox/nope/${i}`, { headers: { authorization: `Bearer ${token}` } });
      ids.push(r.headers.get("x-request-id")!);
    }
    for (let i = 0; i < 8; i++) {
      expect((await fetch(`${server.origin}/inspect/${appId}`, { method: "POST", body: `entry ${i}` })).status).toBe(200);
    }
    const client = clientFor(db.url);
    const logged = await client.requestLog.findMany({ where: { appId }, orderBy: { seq: "asc" } });
    expect(logged.map((l) => l.requestId)).toEqual(ids.slice(-5));
    const inbox = await client.inboxEntry.findMany({ where: { appId }, orderBy: { seq: "asc" } });
    expect(inbox.map((e) => e.body)).toEqual(["entry 5", "entry 6", "entry 7"]);
    await client.$disconnect();
  });
});
