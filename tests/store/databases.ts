// Fresh databases for the store conformance suite. Each test file gets one per
// dialect: SQLite, a temp file sandbox-store-<run>-<name>.db; PostgreSQL (when
// TEST_PG_URL is set, tests/helpers/test-db.ts), a database
// sandbox_store_<run>_<name>. Both are migrated by the project's migrations
// (lib/db/migrate.ts), the stores are built on connections of their own
// (lib/db/hot-path.ts), and a Prisma client seeds and reads rows the way the
// console and the CLI do, so each test also checks that both sides read each
// other's rows.
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { dispatchStoreOn, type DispatchStore } from "@/lib/callbacks/store";
import { clientFor, type Db } from "@/lib/db/prisma";
import { closeHotPath, openHotPath, type HotPath } from "@/lib/db/hot-path";
import { applyMigrations } from "@/lib/db/migrate";
import { gatewayStoreOn, type GatewayStore, type LogRow, type ResourceRow } from "@/lib/gateway/store";
import { removeDb } from "../helpers/server";
import { createPgDatabase, dropPgDatabase, onPg } from "../helpers/test-db";

export type Dialect = "sqlite" | "postgresql";
/** The dialects this run covers: SQLite always, PostgreSQL when TEST_PG_URL is set. */
export const DIALECTS: Dialect[] = onPg() ? ["sqlite", "postgresql"] : ["sqlite"];

export type Stores = { gateway: GatewayStore; dispatch: DispatchStore };

export type TestDb = Stores & {
  dialect: Dialect;
  /** The database's address (a PostgreSQL test reads plans through a client of its own). */
  url: string;
  prisma: Db;
  /**
   * The stores of a second instance on the same database: on PostgreSQL, on a
   * pool of their own (another server); on SQLite one process owns the file
   * (ARCHITECTURE.md, Data), so the same stores.
   */
  other: Stores;
  close(): Promise<void>;
};

const run = process.env.TEST_RUN_ID ?? String(process.pid);

export async function freshDb(dialect: Dialect, name: string): Promise<TestDb> {
  const file = path.join(os.tmpdir(), `sandbox-store-${run}-${name}.db`);
  const pgName = `sandbox_store_${run}_${name}`;
  let url: string;
  if (dialect === "sqlite") {
    removeDb(file);
    url = `file:${file}`;
  } else {
    url = await createPgDatabase(pgName);
  }
  await applyMigrations(url);
  const connections: HotPath[] = [openHotPath(url, 4)];
  const stores = (h: HotPath): Stores => ({ gateway: gatewayStoreOn(h), dispatch: dispatchStoreOn(h) });
  const own = stores(connections[0]!);
  let other = own;
  if (dialect === "postgresql") {
    connections.push(openHotPath(url, 4));
    other = stores(connections[1]!);
  }
  const prisma = clientFor(url);
  return {
    dialect, url, prisma, other, ...own,
    async close() {
      await prisma.$disconnect();
      for (const h of connections) await closeHotPath(h);
      if (dialect === "sqlite") removeDb(file);
      else await dropPgDatabase(pgName);
    },
  };
}

export type SeedOptions = {
  suspended?: boolean;
  perMinute?: number;
  callbackUrl?: string | null;
  subscriptions?: Record<string, string>;
  testNumbers?: string;
  timeScale?: number;
  callbackFaults?: string;
  faultPlan?: string;
  previousSigningSecret?: { secret: string; expiresAt: Date };
  tokenExpiresAt?: Date;
  revoked?: boolean;
};

export type SeededApp = { appId: string; keyPairId: string; tokenHash: string; signingSecret: string };

export const uid = (prefix: string) => `${prefix}_${randomUUID().replaceAll("-", "")}`;

/** A user's app with a key pair, a token and subscriptions, written through Prisma. */
export async function seedApp(prisma: Db, o: SeedOptions = {}): Promise<SeededApp> {
  const appId = uid("app");
  const keyPairId = uid("kp");
  const tokenHash = uid("tok");
  const signingSecret = `whsec_${uid("s")}`;
  const user = await prisma.user.create({ data: { id: uid("usr"), email: `${uid("u")}@example.test`, passwordHash: "x" } });
  const team = await prisma.team.create({ data: { id: uid("team"), name: user.email, personalOf: user.id, members: { create: { userId: user.id, role: "owner" } } } });
  await prisma.app.create({
    data: {
      id: appId, name: "store test", teamId: team.id, signingSecret, callbackUrl: o.callbackUrl ?? null,
      suspended: o.suspended ?? false, perMinute: o.perMinute ?? 60, timeScale: o.timeScale ?? 1,
      testNumbers: o.testNumbers ?? "[]", callbackFaults: o.callbackFaults ?? "{}", faultPlan: o.faultPlan ?? "[]",
      previousSigningSecret: o.previousSigningSecret?.secret ?? null, previousSecretExpiresAt: o.previousSigningSecret?.expiresAt ?? null,
      subscriptions: { create: Object.entries(o.subscriptions ?? {}).map(([group, status]) => ({ group, status })) },
    },
  });
  await prisma.keyPair.create({
    data: { id: keyPairId, appId, consumerKey: uid("ck"), secretHash: "x", revokedAt: o.revoked ? new Date() : null },
  });
  await prisma.accessToken.create({
    data: { tokenHash, keyPairId, appId, expiresAt: o.tokenExpiresAt ?? new Date(Date.now() + 3_600_000) },
  });
  return { appId, keyPairId, tokenHash, signingSecret };
}

/** `n` minutes from now. */
export const minutes = (n: number) => new Date(Date.now() + n * 60_000);

/** A call's request-log row, as lib/gateway/request-log.ts builds it; `o` overrides. */
export function logRow(appId: string, o: Partial<LogRow> = {}): LogRow {
  return {
    requestId: uid("req"), appId, via: "http", method: "POST", path: "/collect/v1/push", operationId: "collect.push", status: 202,
    scenarioKey: "accepted", timeScale: 0.5, fault: null, floatCurrency: null, floatAvailable: null, floatReserved: null, durationMs: 3, requestHeaders: '{"authorization":"[redacted]"}', requestBody: '{"amount":100}', phone: null,
    responseHeaders: "{}", responseBody: '{"status":"PENDING"}', createdAt: new Date(), ...o,
  };
}

/** A call's resource, as lib/gateway/persist.ts builds it; `o` overrides. */
export function resourceRow(appId: string, o: Partial<ResourceRow> = {}): ResourceRow {
  return {
    id: uid("res"), appId, operationId: "collect.push", reference: null, scenarioKey: "paid", settlesAt: minutes(1),
    data: JSON.stringify({ amount: 100, currency: "KES" }), createdAt: new Date(), heldAt: null, hold: null,
    floatCurrency: null, floatAmount: null, ...o,
  };
}
