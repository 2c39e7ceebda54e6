// A busy portal is not a portal whose database is away. Readiness (/readyz), the
// gate in front of Next's pages and the svc_db_up metric ask the database on a
// connection of their own (lib/db/probe.ts): while every connection the requests
// use is taken (PostgreSQL: each of Prisma's pool in a transaction; SQLite: its
// one writer's turn), /readyz still answers 200, at once. Asked through those
// connections, the probe queued behind them and a burst of requests took a
// healthy instance out of service (503), on either database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enter } from "@/lib/runtime";
import { db } from "@/lib/db/prisma";
import { randomUUID } from "node:crypto";
import { ownDb } from "../helpers/own-server";
import { startPortal, type InProcessPortal } from "../helpers/portal";
import { realClock } from "@/lib/clock";
import { onPg } from "../helpers/test-db";

let p: InProcessPortal<typeof realClock>;

beforeAll(async () => {
  p = await startPortal({ env: { DATABASE_URL: (await ownDb("busy_probe")).url }, clock: realClock });
});
afterAll(async () => {
  await p?.close();
});

describe("readiness of a busy portal", () => {
  it("answers 200 while every connection its requests use is held in a transaction", async () => {
    // Prisma's pool on PostgreSQL (lib/db/prisma.ts PRISMA_PG_POOL), SQLite's one turn.
    const connections = onPg() ? 4 : 1;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let opened = 0;
    let allOpen!: () => void;
    const open = new Promise<void>((r) => (allOpen = r));
    const holders = enter(p.portal.runtime, () =>
      Array.from({ length: connections }, () =>
        db.$transaction(async (tx) => {
          await tx.user.create({ data: { id: `usr_${randomUUID().replaceAll("-", "")}`, email: `${randomUUID()}@example.test`, passwordHash: "x" } });
          if (++opened === connections) allOpen();
          await held;
        }),
      ),
    );
    try {
      await open;
      const ready = await fetch(`${p.origin}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { ok: true }]);
      const metrics = await (await fetch(`${p.origin}/metrics`)).text();
      expect(metrics).toMatch(/^svc_db_up 1$/m);
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
