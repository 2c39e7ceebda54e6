// The process's Prisma client (lib/db/prisma.ts clientFor) while one request's
// interactive transaction is open and others go on, on each database: another
// request's write is its own (a rollback of the transaction leaves it), and a
// read sent meanwhile does not make the transaction's first write fail when a
// second connection commits in between (SQLite's one connection per client:
// lib/db/queued-sqlite.ts). PostgreSQL gives each transaction a connection of
// its own; the same tests hold there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlitePath } from "@/lib/config";
import { clientFor } from "@/lib/db/prisma";
import { toApiError } from "@/lib/errors";
import { openSqlite } from "@/lib/db/sqlite";
import { DIALECTS, freshDb, seedApp, uid, type TestDb } from "./databases";

/** Settles `p` or answers "pending" after `ms`: whether a query sent meanwhile has run yet. */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => "done" as const), new Promise<"pending">((r) => setTimeout(() => r("pending"), ms))]);

describe.each(DIALECTS)("transactions beside other queries on %s", (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb(dialect, "transactions");
  });
  afterAll(async () => {
    await db?.close();
  });

  const newUser = () => ({ id: uid("usr"), email: `${uid("u")}@example.test`, passwordHash: "x" });

  it("a write sent while another request's transaction is open stays when that transaction rolls back", async () => {
    const { appId } = await seedApp(db.prisma);
    const other = newUser();
    let write: Promise<unknown> | undefined;
    const refused = db.prisma.$transaction(async (tx) => {
      await tx.app.updateMany({ where: { id: appId }, data: { name: "locked" } });
      write = db.prisma.user.create({ data: other }); // another request's, not awaited here
      await within(write, 200);
      throw new Error("at the cap: rolled back");
    });
    await expect(refused).rejects.toThrow(/rolled back/);
    await write;
    expect(await db.prisma.user.findUnique({ where: { id: other.id }, select: { id: true } })).toEqual({ id: other.id });
    expect((await db.prisma.app.findUniqueOrThrow({ where: { id: appId } })).name).not.toBe("locked");
  });

  it("a read sent before a transaction's first write, then another connection's write: the transaction's write does not fail", async () => {
    const { appId } = await seedApp(db.prisma);
    // PostgreSQL: another client's commit, awaited. SQLite: the hot path's write (lib/db/sqlite.ts), which
    // takes its turn after the transaction (lib/db/turns.ts) instead of committing between its read and its write.
    const second = dialect === "postgresql" ? clientFor(db.url) : null;
    const hot = dialect === "sqlite" ? openSqlite(sqlitePath(db.url)) : null;
    try {
      let read: Promise<unknown> | undefined;
      let hotWrite: Promise<unknown> | undefined;
      const done = await db.prisma.$transaction(async (tx) => {
        read = db.prisma.app.findMany({ select: { id: true } }); // another request's
        await within(read, 200);
        if (second) await second.user.create({ data: newUser() });
        else {
          hotWrite = hot!.write(() => hot!.conn.prepare(`INSERT INTO "User" (id, email, "passwordHash") VALUES (?, ?, 'x')`).run(uid("usr"), `${uid("u")}@example.test`));
          expect(await within(hotWrite, 200)).toBe("pending");
        }
        return tx.app.updateMany({ where: { id: appId }, data: { name: "renamed" } });
      });
      expect(done.count).toBe(1);
      await Promise.all([read, hotWrite]);
      expect((await db.prisma.app.findUniqueOrThrow({ where: { id: appId } })).name).toBe("renamed");
    } finally {
      await second?.$disconnect();
      hot?.conn.close();
    }
  });

  it("a transaction that waits its turn longer than Prisma's default (2 s) runs: a queue on a busy machine is not a failure", async () => {
    // Every connection the client has (PostgreSQL's pool of 4; SQLite's one) is in a transaction held 2.5 s.
    const held = dialect === "postgresql" ? 4 : 1;
    const release = new Promise<void>((r) => setTimeout(r, 2_500));
    const holders = Array.from({ length: held }, () => db.prisma.$transaction(async (tx) => {
      await tx.user.create({ data: newUser() });
      await release;
    }));
    const late = newUser();
    await db.prisma.$transaction((tx) => tx.user.create({ data: late })); // waits for a holder to end, past 2 s
    await Promise.all(holders);
    expect(await db.prisma.user.findUnique({ where: { id: late.id }, select: { id: true } })).toEqual({ id: late.id });
  });

  it("a transaction that does not get its turn within its wait is the database being busy: 503 with Retry-After, not a 500", async () => {
    // The client's own wait is 15 s (lib/db/prisma.ts); here one of 50 ms, every connection held until the refusal is seen.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held = dialect === "postgresql" ? 4 : 1;
    const holders = Array.from({ length: held }, () => db.prisma.$transaction(async () => released));
    const refused = await db.prisma.$transaction((tx) => tx.user.count(), { maxWait: 50 }).then(() => undefined, (e: unknown) => e);
    release();
    await Promise.all(holders);
    const e = toApiError(refused, "transactions", "req_test");
    expect([e.status, e.code, e.headers?.["retry-after"]]).toEqual([503, "SERVICE_UNAVAILABLE", "5"]);
  });

  it("a transaction that runs out of its time while it waits is the database being busy too: rolled back, 503 with Retry-After", async () => {
    // Its time is 15 s (lib/db/prisma.ts); here 200 ms, spent waiting (as for a row lock behind a burst, or on a machine too busy to run it).
    const user = newUser();
    const expired = await db.prisma.$transaction(async (tx) => {
      await tx.user.create({ data: user });
      await new Promise((r) => setTimeout(r, 400));
      return tx.user.count();
    }, { timeout: 200 }).then(() => undefined, (e: unknown) => e);
    expect(String((expired as Error).message)).toMatch(/expired transaction/);
    const e = toApiError(expired, "transactions", "req_test");
    expect([e.status, e.code, e.headers?.["retry-after"]]).toEqual([503, "SERVICE_UNAVAILABLE", "5"]);
    expect(await db.prisma.user.findUnique({ where: { id: user.id }, select: { id: true } })).toBeNull();
  });
});

describe("one SQLite file, two connections of one process (Prisma's, the hot path's)", () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb("sqlite", "turns");
  });
  afterAll(async () => {
    await db?.close();
  });

  it("take turns in the order asked: the hot path's write sent during a transaction runs after it, before the transaction asked for next", async () => {
    const hot = openSqlite(sqlitePath(db.url)); // the hot path's group commit (lib/db/sqlite.ts)
    try {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let opened!: () => void;
      const open = new Promise<void>((r) => (opened = r));
      const first = db.prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { id: uid("usr"), email: `${uid("u")}@example.test`, passwordHash: "x" } });
        opened();
        await held;
        order.push("first transaction");
      });
      await open;
      const write = hot.write(() => {
        hot.conn.prepare(`INSERT INTO "User" (id, email, "passwordHash") VALUES (?, ?, 'x')`).run(uid("usr"), `${uid("u")}@example.test`);
        order.push("hot path");
      });
      await new Promise((r) => setImmediate(r)); // the group commit has asked for its turn
      const next = db.prisma.$transaction(async (tx) => {
        order.push("next transaction");
        await tx.user.create({ data: { id: uid("usr"), email: `${uid("u")}@example.test`, passwordHash: "x" } });
      });
      expect(await within(write, 300)).toBe("pending"); // it waits; it does not fail
      release();
      await Promise.all([first, write, next]);
      expect(order).toEqual(["first transaction", "hot path", "next transaction"]);
    } finally {
      hot.conn.close();
    }
  });
});
