// Console sessions' server-side records (issue 45 item 5). A JWT session cannot
// be revoked by itself, so each sign-in makes a Session row (its client
// address, its browser's user agent, when it was made and last used) whose id
// the JWT carries (lib/auth/index.ts); every console request reads the user
// only together with that row, in one statement (`userOfSession`), so deleting
// the row signs the session out from its next request on, on every instance.
// Last use is written at most once a minute per session (a conditional UPDATE,
// tried at most once a minute per instance). Rows idle past the session's
// lifetime are deleted whenever the account signs in again, and past
// SESSIONS_PER_USER live ones the least recently used.
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { lockUser } from "@/lib/rows";
import { config, nowMs, part, runtime } from "@/lib/runtime";
import type { Tx } from "./apps";

/** How often a session's last use is written. */
export const TOUCH_EVERY_MS = 60_000;
/** A user agent is kept to this many characters. */
const AGENT_CHARS = 300;

/** A new session of `userId` from `address` with `userAgent`: its id, for the JWT. `idleMs`: older rows of the account idle that long go. */
export async function openSession(userId: string, address: string | null, userAgent: string | null, idleMs: number): Promise<string> {
  const id = newId("ses");
  const now = new Date(nowMs());
  await db.$transaction(async (tx) => {
    // Under the account's row lock, so sign-ins at once keep the cap exactly.
    await lockUser(tx, userId);
    await tx.session.deleteMany({ where: { userId, lastUsedAt: { lt: new Date(now.getTime() - idleMs) } } });
    await tx.session.create({ data: { id, userId, address, userAgent: userAgent?.slice(0, AGENT_CHARS) || null, createdAt: now, lastUsedAt: now } });
    // SESSIONS_PER_USER: past it, the least recently used sessions end (they sign in again).
    const past = await tx.session.findMany({
      where: { userId, id: { not: id } }, orderBy: [{ lastUsedAt: "desc" }, { createdAt: "desc" }, { id: "desc" }],
      skip: Math.max(0, config.sessionsPerUser - 1), select: { id: true },
    });
    if (past.length) await tx.session.deleteMany({ where: { id: { in: past.map((s) => s.id) } } });
  });
  return id;
}

/** How recent the session's sign-in must be for a change a session taken from the browser must not make. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * 403 FORBIDDEN (field `session`) unless the session `sessionId` of `userId` signed in within
 * RECENT_SIGN_IN_MS: adding a passkey, which would outlive a password reset and "sign out
 * everywhere", needs the password (or the provider, or a passkey) again, not only a cookie.
 */
export async function requireRecentSignIn(userId: string, sessionId: string, to: string): Promise<void> {
  const s = await db.session.findFirst({ where: { id: sessionId, userId }, select: { createdAt: true } });
  if (s && nowMs() - s.createdAt.getTime() <= RECENT_SIGN_IN_MS) return;
  const message = `sign in again to ${to}: it needs a sign-in of the last ${RECENT_SIGN_IN_MS / 60_000} minutes, so that a session taken from this browser cannot do it`;
  throw new ApiError("FORBIDDEN", message, {}, [{ field: "session", message }]);
}

/** When this instance last wrote (or tried to write) each session's last use. */
const TOUCHED = part<Map<string, number>>("sessions.touched");

/** The user of a live session: the user row, read in one statement with the condition that the session's row exists. */
export async function userOfSession(userId: string, sessionId: string) {
  const user = await db.user.findFirst({ where: { id: userId, sessions: { some: { id: sessionId } } } });
  if (user) await touch(sessionId);
  return user;
}

/** Writes the session's last use when a minute has passed since it was written (at most one try a minute on this instance). */
async function touch(sessionId: string) {
  const now = nowMs();
  const touched = runtime().of(TOUCHED, () => new Map<string, number>());
  if (now - (touched.get(sessionId) ?? Number.NEGATIVE_INFINITY) < TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(sessionId, now);
  await db.session.updateMany({ where: { id: sessionId, lastUsedAt: { lte: new Date(now - TOUCH_EVERY_MS) } }, data: { lastUsedAt: new Date(now) } });
}

export type SessionView = { id: string; address: string | null; userAgent: string | null; createdAt: string; lastUsedAt: string; current: boolean };

/**
 * The account's live sessions, the most recently used first; `current`: the one asking. `idleMs`: the
 * sessions' lifetime since last use (a row idle longer, within the minute last use is written to, has expired).
 */
export async function listSessions(userId: string, currentId: string | null, idleMs: number): Promise<SessionView[]> {
  const since = new Date(nowMs() - idleMs - TOUCH_EVERY_MS);
  const rows = await db.session.findMany({ where: { userId, lastUsedAt: { gt: since } }, orderBy: [{ lastUsedAt: "desc" }, { id: "desc" }], take: 200 });
  return rows.map((s) => ({
    id: s.id, address: s.address, userAgent: s.userAgent, createdAt: s.createdAt.toISOString(), lastUsedAt: s.lastUsedAt.toISOString(), current: s.id === currentId,
  }));
}

/** Signs one session of the account out (its next request, on any instance, is signed out); 404 when the account has no such session. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } });
  if (count === 0) throw new ApiError("NOT_FOUND", `no session ${sessionId} of yours`);
}

/** Signs every session of the account out but `keepId`; answers how many ended. */
export async function endOtherSessions(userId: string, keepId: string): Promise<{ ended: number }> {
  const { count } = await db.session.deleteMany({ where: { userId, id: { not: keepId } } });
  return { ended: count };
}

/** The sign-out of one session (Auth.js's signOut event): its row goes, so a copied cookie is signed out too. */
export async function signOutSession(sessionId: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionId } });
}

/**
 * Ends every session of `userId` in `tx`, the one statement pair for it (sign out everywhere, a password
 * changed or reset, an account single sign-on hands over): the version sessions carry moves on, their records go.
 */
export async function endAllSessions(tx: Tx, userId: string): Promise<void> {
  await tx.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await tx.session.deleteMany({ where: { userId } });
}
