// Every store is bounded: the request log, the inbox, resources and deliveries keep the newest N of an app.
import { afterAll, describe, expect, it, vi } from "vitest";
import { ownDb, startServer } from "../helpers/own-server";
import { ownerView } from "../helpers/owner-view";
import { setUpApp } from "../helpers/operator";
import { startReceiver } from "../helpers/receiver";
import type { RunningServer } from "../helpers/server";

let server: RunningServer | undefined;
afterAll(() => server?.stop());

describe("bounded stores", () => {
  it("request log: REQUEST_LOG_LIMIT newest calls per app; inbox: INBOX_LIMIT newest entries", async () => {
    const db = await ownDb("bounds");
    server = await startServer({ databaseUrl: db.url, env: { REQUEST_LOG_LIMIT: "5", INBOX_LIMIT: "3", RESOURCE_LIMIT: "3", DELIVERY_LIMIT: "3" } });
    const { appId, token, email } = await setUpApp(db.url, server.origin);
    const owner = await ownerView({ appId, user: { email } }, "long enough pw", server.origin);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await fetch(`${server.origin}/sandbox/nope/${i}`, { headers: { authorization: `Bearer ${token}` } });
      ids.push(r.headers.get("x-request-id")!);
    }
    for (let i = 0; i < 8; i++) {
      expect((await fetch(`${server.origin}/inspect/${appId}`, { method: "POST", body: `entry ${i}` })).status).toBe(200);
    }
    const logged = await owner.requests();
    expect(logged.map((l) => l.requestId)).toEqual(ids.slice(-5));
    const inbox = await owner.inbox();
    expect(inbox.map((e) => e.body)).toEqual(["entry 5", "entry 6", "entry 7"]);

    // resources and deliveries: the newest 3 of the app; deliveries still to be sent are never dropped
    const closed = await startReceiver();
    await closed.close(); // its port now refuses connections: callbacks fail at once
    const push = (i: number) =>
      fetch(`${server!.origin}/sandbox/collect/v1/push`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ shortCode: "1", amount: 2, currency: "KES", phoneNumber: "254712345678", reference: `B-${i}`, callbackUrl: closed.url }),
      }).then((r) => r.json() as Promise<{ checkoutId: string }>);
    const checkouts: string[] = [];
    for (let i = 0; i < 6; i++) checkouts.push((await push(i)).checkoutId);
    // the app made these six and no others: the developer API's timeline finds the newest 3 (404: no resource)
    const status = (id: string) => fetch(`${server!.origin}/sandbox/dev/v1/resources/${id}/timeline`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await Promise.all(checkouts.map(status))).toEqual([404, 404, 404, 200, 200, 200]);
    expect(await owner.deliveries()).toHaveLength(6); // all scheduled: kept
    await vi.waitFor(async () => expect(await owner.deliveries({ state: "failed" })).toHaveLength(6), { timeout: 15_000, interval: 250 });
    checkouts.push((await push(6)).checkoutId);
    const deliveries = await Promise.all((await owner.deliveries()).map((d) => owner.delivery(d.id)));
    expect(deliveries.map((d) => d.resourceId)).toEqual(checkouts.slice(-3));
  });
});
