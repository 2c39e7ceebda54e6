// The audit log: every security-relevant change of a team and of an account,
// with who did it, from which client address and when. An entry is written by
// `audit(tx, …)` inside the transaction of the change it records (after the
// change's statement), so neither can exist without the other. Who acts is
// the request's: the console's route wrapper (lib/auth/route.ts) and the
// invitation page run their work in `actingAs(by, …)`, the sign-in passes its
// own; outside one (the developer API, acting as the app through its keys, and
// the operator command line, which knows no account) the actor is null. Bounded: AUDIT_LIMIT entries per team and per account, the oldest out
// in the same transaction. An entry holds ids and names only: never a secret,
// a token or a password (its target is an app id, a consumer key, an email…).
import { AsyncLocalStorage } from "node:async_hooks";
import { type Db, db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { config, nowDate } from "@/lib/runtime";

export const TEAM_ACTIONS = [
  "app.created", "app.deleted", "app.reset", "app.suspended", "app.unsuspended", "key.created", "key.revoked",
  "signing_secret.rotated", "subscription.requested", "subscription.approved", "subscription.rejected",
  "member.invited", "member.joined", "member.role_changed", "member.removed", "sandbox.created",
] as const;
export const ACCOUNT_ACTIONS = ["signin", "signin.failed", "password.changed", "password.reset", "totp.enabled", "totp.disabled", "passkey.added", "passkey.removed", "email.verified", "email.changed"] as const;
export type AuditAction = (typeof TEAM_ACTIONS)[number] | (typeof ACCOUNT_ACTIONS)[number];

/** Who acts: the signed-in account (or the operator) and the client address; all null for the developer API. */
export type AuditBy = { userId: string | null; email: string | null; address: string | null };
const NOBODY: AuditBy = { userId: null, email: null, address: null };

const acting = new AsyncLocalStorage<AuditBy>();
/** Runs `fn` with `by` as the actor of every entry it writes. */
export const actingAs = <T>(by: AuditBy, fn: () => T): T => acting.run(by, fn);

/** A transaction's client (or the process's, for an entry alone). */
type Writer = Pick<Db, "auditEntry">;

/**
 * Writes the entry in the caller's transaction `tx` (a team's: `teamId`; an
 * account's: `userId`), then drops that log's oldest past AUDIT_LIMIT.
 */
export async function audit(tx: Writer, e: { teamId?: string; userId?: string; action: AuditAction; target: string }, by = acting.getStore() ?? NOBODY) {
  const scope = e.teamId ? { teamId: e.teamId } : { userId: e.userId! };
  await tx.auditEntry.create({
    data: { id: newId("aud"), ...scope, at: nowDate(), actorUserId: by.userId, actorEmail: by.email, action: e.action, target: e.target, address: by.address },
  });
  const over = (await tx.auditEntry.count({ where: scope })) - config.auditLimit;
  if (over > 0) {
    const oldest = await tx.auditEntry.findMany({ where: scope, orderBy: [{ at: "asc" }, { id: "asc" }], take: over, select: { id: true } });
    await tx.auditEntry.deleteMany({ where: { id: { in: oldest.map((o) => o.id) } } });
  }
}

/** An account's entry (a sign-in) that goes with no other change: a transaction of its own. */
export const auditAccount = (userId: string, action: AuditAction, target: string, by?: AuditBy) =>
  db.$transaction((tx) => audit(tx, { userId, action, target }, by));

/** A page cursor: the last entry's time and id. */
const cursorOf = (e: { at: Date; id: string }) => `${e.at.getTime()}.${e.id}`;
function parseCursor(c: string) {
  const m = /^(\d{1,15})\.(aud_[A-Za-z0-9]{1,40})$/.exec(c);
  if (!m) throw new ApiError("VALIDATION_ERROR", "before must be the next value of a previous page", {}, [{ field: "before", message: "not a page cursor" }]);
  return { at: new Date(Number(m[1])), id: m[2]! };
}

export type AuditQuery = { before?: string; take?: number; action?: string; actor?: string };

/** A page of a team's or an account's log, newest first (keyset: time, then id), with the cursor of the next page or null. */
export async function listAudit(scope: { teamId: string } | { userId: string }, q: AuditQuery) {
  const take = Math.min(Math.max(q.take ?? 50, 1), 500);
  const c = q.before ? parseCursor(q.before) : null;
  const rows = await db.auditEntry.findMany({
    where: {
      ...scope,
      ...(q.action ? { action: q.action } : {}),
      AND: [
        ...(q.actor ? [{ OR: [{ actorUserId: q.actor }, { actorEmail: q.actor }] }] : []),
        ...(c ? [{ OR: [{ at: { lt: c.at } }, { at: c.at, id: { lt: c.id } }] }] : []),
      ],
    },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: take + 1,
  });
  const page = rows.slice(0, take);
  return {
    entries: page.map((e) => ({
      id: e.id, at: e.at.toISOString(), actor: e.actorUserId || e.actorEmail ? { userId: e.actorUserId, email: e.actorEmail } : null,
      action: e.action, target: e.target, address: e.address,
    })),
    next: rows.length > take ? cursorOf(page.at(-1)!) : null,
  };
}

/** The whole log as JSON lines (the export), newest first, a page at a time. */
export async function auditLines(scope: { teamId: string } | { userId: string }, q: Omit<AuditQuery, "before" | "take">): Promise<string> {
  const lines: string[] = [];
  let before: string | undefined;
  do {
    const page = await listAudit(scope, { ...q, before, take: 500 });
    for (const e of page.entries) lines.push(JSON.stringify(e));
    before = page.next ?? undefined;
  } while (before);
  return lines.length ? `${lines.join("\n")}\n` : "";
}
