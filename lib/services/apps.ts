// Apps: the functions the console and the command line both call.
import { lockApp, lockTeam } from "@/lib/rows";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { newSigningSecret } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { parseOrThrow } from "@/lib/validation";
import { type Action, authorizeApp } from "./access";
import { audit } from "./audit";
import { appNameSchema, callbackUrlSchema, graceHoursSchema, perMinuteSchema } from "./schemas";
import { config, nowDate, nowMs } from "@/lib/runtime";

/** The per-minute limit of the plan every app starts on (the console and docs call it the Sandbox plan). */
export const PLAN_PER_MINUTE = 60;

export function inspectorUrl(appId: string): string {
  return `${config.publicUrl}/inspect/${appId}`;
}

/** A new app of the team `teamId` (APPS_PER_USER apps per team). */
export async function createApp(input: { teamId: string; name: unknown; callbackUrl?: unknown }) {
  const name = parseOrThrow(appNameSchema, input.name);
  const callbackUrl = parseOrThrow(callbackUrlSchema, input.callbackUrl ?? "", "callbackUrl");
  // Counted and created under the team's row lock: concurrent creations queue, so the cap is exact.
  // Throwaway sandboxes (sandboxes.ts) do not count: they have limits of their own.
  return withTeamLock(input.teamId, async (tx) => {
    if ((await tx.app.count({ where: { teamId: input.teamId, parentAppId: null } })) >= config.appsPerUser) {
      throw new ApiError("CONFLICT", `a team can have at most ${config.appsPerUser} apps; delete one first`);
    }
    const app = await tx.app.create({
      data: {
        id: newId("app"),
        teamId: input.teamId,
        name,
        callbackUrl,
        signingSecret: newSigningSecret(),
        perMinute: PLAN_PER_MINUTE,
      },
    });
    await audit(tx, { teamId: input.teamId, action: "app.created", target: app.id });
    return app;
  });
}

export async function getApp(appId: string) {
  const app = await db.app.findUnique({ where: { id: appId } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  return app;
}

/**
 * The app if `userId` may do `action` to it (the role rule, access.ts) and it
 * has not ended (a throwaway sandbox); NOT_FOUND for a stranger, so another
 * team's ids tell nothing; FORBIDDEN for a role that does not allow it.
 */
export async function ownedApp(userId: string, appId: string, action: Action = "app.read") {
  return (await authorizeApp({ id: userId }, appId, action)).app;
}

/** The apps of every team `userId` is a member of; their throwaway sandboxes are listed under each (sandboxes.ts), not here. */
export async function listApps(userId: string) {
  return db.app.findMany({
    where: { team: { members: { some: { userId } } }, parentAppId: null },
    orderBy: { createdAt: "desc" },
    include: { team: { select: { name: true } } },
  });
}

export async function updateApp(appId: string, input: { name?: unknown; callbackUrl?: unknown }) {
  const data: { name?: string; callbackUrl?: string | null } = {};
  if (input.name !== undefined) data.name = parseOrThrow(appNameSchema, input.name);
  if (input.callbackUrl !== undefined) data.callbackUrl = parseOrThrow(callbackUrlSchema, input.callbackUrl ?? "", "callbackUrl");
  await getApp(appId);
  return db.app.update({ where: { id: appId }, data });
}

export async function deleteApp(appId: string) {
  const app = await getApp(appId);
  await db.$transaction(async (tx) => {
    await tx.app.delete({ where: { id: appId } });
    await audit(tx, { teamId: app.teamId, action: "app.deleted", target: appId });
  });
}

/** Suspends or resumes an app, and with it its throwaway sandboxes (sandboxes.ts): they are the same owner's keys to the same APIs. */
export async function setSuspended(appId: string, suspended: boolean) {
  await getApp(appId);
  return db.$transaction(async (tx) => {
    const app = await tx.app.update({ where: { id: appId }, data: { suspended } });
    await tx.app.updateMany({ where: { parentAppId: appId }, data: { suspended } });
    await audit(tx, { teamId: app.teamId, action: suspended ? "app.suspended" : "app.unsuspended", target: appId });
    return app;
  });
}

export async function setPerMinute(appId: string, perMinute: unknown) {
  const n = parseOrThrow(perMinuteSchema, perMinute);
  await getApp(appId);
  return db.app.update({ where: { id: appId }, data: { perMinute: n } });
}

/** What the console shows: the secret, and until when the replaced one still signs. */
export function signingSecretView(app: { signingSecret: string; previousSecretExpiresAt: Date | null }, now = nowDate()) {
  const until = app.previousSecretExpiresAt;
  return { signingSecret: app.signingSecret, previousSecretExpiresAt: until && until > now ? until.toISOString() : null };
}

/**
 * A new signing secret. The replaced one keeps signing beside it (two signatures
 * per header) for `graceHours`, so receivers can switch without losing callbacks;
 * a secret replaced earlier stops at once.
 */
export async function rotateSigningSecret(appId: string, graceHours?: unknown) {
  const hours = parseOrThrow(graceHoursSchema, graceHours);
  const app = await getApp(appId);
  const updated = await db.$transaction(async (tx) => {
    const u = await tx.app.update({
      where: { id: app.id },
      data: {
        signingSecret: newSigningSecret(),
        previousSigningSecret: hours > 0 ? app.signingSecret : null,
        previousSecretExpiresAt: hours > 0 ? new Date(nowMs() + hours * 3_600_000) : null,
      },
    });
    await audit(tx, { teamId: app.teamId, action: "signing_secret.rotated", target: app.id });
    return u;
  });
  return signingSecretView(updated);
}

/** Operators: every app with its team (never its signing secret). */
export async function listAllApps(opts: { take?: number; cursor?: string } = {}) {
  return db.app.findMany({
    orderBy: { createdAt: "desc" },
    take: opts.take ?? 50,
    ...(opts.cursor ? { cursor: { id: opts.cursor }, skip: 1 } : {}),
    omit: { signingSecret: true, previousSigningSecret: true },
    include: { team: { select: { name: true } } },
  });
}

/** A transaction's client: what `db.$transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Extract<Parameters<typeof db.$transaction>[0], (tx: never) => unknown>>[0];

/**
 * The app row's lock as the first statement of a transaction (an interactive
 * one, or a batch: `db.$transaction([lockAppRow(db, id), …])`): a no-op update,
 * so PostgreSQL locks the row and SQLite the database until the commit.
 */
export const lockAppRow = (client: Pick<Tx, "$executeRawUnsafe">, appId: string) => lockApp(client, appId);

/**
 * Runs `fn` in a transaction that first takes the app row's lock (a no-op
 * update: PostgreSQL locks the row, SQLite the database), so read-modify-write
 * changes of one app (its settings, test numbers, the count of its key pairs)
 * queue up, on one instance or several, and none is lost. NOT_FOUND when there is no such app.
 */
export function withAppLock<T>(appId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    const locked = await lockAppRow(tx, appId);
    if (locked === 0) throw new ApiError("NOT_FOUND", `no app ${appId}`);
    return fn(tx);
  });
}

/** The same for a team's row: what is counted per team (its apps) is checked and changed under it. */
export function withTeamLock<T>(teamId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    const locked = await lockTeam(tx, teamId);
    if (locked === 0) throw new ApiError("NOT_FOUND", "no such team");
    return fn(tx);
  });
}
