// Another connection on the server's SQLite file holds the write lock longer
// than a gateway call's commit waits for it (5 s, lib/db/sqlite.ts): the
// operator command line, or a script seeding rows in one long transaction. The dispatcher's
// claims and records wait for the lock instead of failing its tick
// (lib/callbacks/store/sqlite.ts), and a callback due meanwhile goes out once
// when the lock ends. SQLite only: a server of its own on a file of its own, on a
// test clock held from before the push, so the callback falls due while the lock
// is held (the clock is moved past it then), never before, however slow the machine.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlitePath } from "@/lib/config";
import { ownDb, startServer } from "../helpers/own-server";
import { setUpApp, userEmails } from "../helpers/operator";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody } from "../helpers/apps";
import { advanceClock, type RunningServer } from "../helpers/server";
import { onPg } from "../helpers/test-db";
import { signUpOverHttp } from "../helpers/console-http";
import { setCookies } from "../helpers/from-address";

/** How long the lock is held: longer than the 5 s the group commit waits (lib/db/sqlite.ts BUSY_WAIT_MS). */
const HOLD_MS = 7_000;

let url = "";
let server: RunningServer;
let rx: Receiver;

beforeAll(async () => {
  if (onPg()) return;
  url = (await ownDb("sqlite_lock")).url;
  server = await startServer({ databaseUrl: url, testClock: true });
  rx = await startReceiver();
});

afterAll(async () => {
  await server?.stop();
  await rx?.close();
});

describe.skipIf(onPg())("another connection holds the SQLite write lock", () => {
  it("the dispatcher waits for it: no tick fails, and the callback due meanwhile is posted once when the lock ends", async () => {
    const logFrom = server.log().length; // this test's lines: another test's refused sign-up logs "database is locked"
    const { token } = await setUpApp(url, server.origin);
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${server.origin}/sandbox${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
        body: JSON.stringify(body),
      });
    // due 1.5 s after the push, on a clock that stands until the lock below is held
    expect((await call("PATCH", "/dev/v1/settings", { callbackFaults: { extraDelayMs: 1_500 } })).status).toBe(200);
    const pushedAt = await advanceClock(server.origin, 0, { hold: true });
    const push = await call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${rx.url}/locked` }));
    expect(push.status).toBe(202);
    const { checkoutId } = (await push.json()) as { checkoutId: string };

    const other = new Database(sqlitePath(url), { timeout: 10_000 });
    try {
      other.exec("BEGIN IMMEDIATE");
      await advanceClock(server.origin, pushedAt + 2_000, { hold: true }); // due now, while the lock is held
      await new Promise((r) => setTimeout(r, HOLD_MS));
      expect(rx.received).toHaveLength(0); // nothing is claimed while the lock is held
      other.exec("COMMIT");
    } finally {
      other.close();
    }

    const w = await fetch(`${server.origin}/sandbox/dev/v1/callbacks/wait?resourceId=${checkoutId}&timeout=20`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await w.json()) as { status: string }).status).toBe("ATTEMPTED");
    expect(rx.received.filter((x) => x.path === "/locked")).toHaveLength(1);
    expect(server.log().slice(logFrom)).not.toMatch(/dispatcher tick failed|database is locked/);
  });

  it("a sign-up that cannot take its turn is told so in words on the form's page, not a server error; sent again after, it signs up", async () => {
    const email = `locked-${Date.now().toString(36)}@example.com`;
    const other = new Database(sqlitePath(url), { timeout: 10_000 });
    let refused: Awaited<ReturnType<typeof signUpOverHttp>>;
    try {
      other.exec("BEGIN IMMEDIATE");
      refused = await signUpOverHttp(server.origin, email, "a fine pass phrase", "127.0.90.1");
      other.exec("COMMIT");
    } finally {
      other.close();
    }
    expect([refused.status, refused.text.includes("database is busy or cannot be reached")], refused.text.slice(0, 300)).toEqual([200, true]);
    // Nothing was made: the operator's user list has no such account.
    expect(await userEmails(url, server.origin)).not.toContain(email);
    const again = await signUpOverHttp(server.origin, email, "a fine pass phrase", "127.0.90.1");
    expect(again.status, again.text.slice(0, 300)).toBe(303);
    expect(setCookies(again).some((c) => c.includes("session-token=") && !c.endsWith("="))).toBe(true);
  });
});
