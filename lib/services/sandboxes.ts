// Throwaway sandboxes: child apps made with one call from a parent app's token
// (POST {base_url}/dev/v1/sandboxes, lib/catalog/devapi/sandbox-endpoints.ts).
// A child is an App row with `parentAppId` and `expiresAt`: the parent's owner,
// copies of the parent's subscriptions (same states), developer settings, test
// numbers and per-minute limit, one key pair and a signing secret of its own.
// Its data is its own: every read is per app id.
//
// A sandbox ends at `expiresAt`; deleting one moves `expiresAt` to now. From
// then on it is refused everywhere, on every instance: its tokens (the
// gateway's authenticate step), its key pairs (the token endpoint), its
// inspector and console pages (`liveApps`), its callbacks (the dispatcher's
// claim); the rule is sandbox-life.ts. sandbox-sweep.ts then deletes it with
// all its rows.
import { config } from "@/lib/config";
import { newSigningSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { APP_THROTTLES, Throttle } from "@/lib/throttle";
import { parseOrThrow } from "@/lib/validation";
import { inspectorUrl, withAppLock } from "./apps";
import { newKeyPair } from "./keys";
import { appNameSchema } from "./schemas";
import { sweepSoon } from "./sandbox-sweep";

const creations = () => new Throttle(APP_THROTTLES.sandboxCreate, config.sandboxCreatesPerMinute, 60);

/** The name a sandbox gets when the call names none. */
const defaultName = (parentName: string) => `${parentName.slice(0, 56)} sandbox`;

export type SandboxCreated = {
  appId: string; name: string; consumerKey: string; consumerSecret: string; signingSecret: string; inspectorUrl: string; expiresAt: string;
};

/**
 * Makes a child of `caller`, live for `ttlSeconds` (bounds: the endpoint's
 * schema). Refused for a sandbox (SANDBOX_NOT_ALLOWED), past the creations
 * per minute (RATE_LIMITED) and past SANDBOXES_PER_APP live children
 * (SANDBOX_LIMIT_REACHED). The count and the insert run under the parent
 * row's lock, so parallel creations never pass the limit.
 */
export async function createSandbox(
  caller: { id: string; parentAppId: string | null },
  input: { ttlSeconds: number; name?: string },
  now = new Date(),
): Promise<SandboxCreated> {
  if (caller.parentAppId) {
    throw new ApiError("SANDBOX_NOT_ALLOWED", `this app is a throwaway sandbox of ${caller.parentAppId}: make sandboxes with the parent app's keys`);
  }
  const name = input.name === undefined ? undefined : parseOrThrow(appNameSchema, input.name, "name");
  const rate = await creations().take(caller.id, now.getTime());
  if (!rate.allowed) {
    throw new ApiError(
      "RATE_LIMITED",
      `an app makes at most ${config.sandboxCreatesPerMinute} sandboxes a minute (SANDBOX_CREATES_PER_MINUTE); try again in ${rate.retryAfter} s`,
      { "retry-after": String(rate.retryAfter) },
    );
  }
  const appId = newId("app");
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
  const keys = newKeyPair(appId, "sandbox");
  const signingSecret = newSigningSecret();
  const child = await withAppLock(caller.id, async (tx) => {
    const parent = await tx.app.findUniqueOrThrow({ where: { id: caller.id }, include: { subscriptions: true } });
    const live = { parentAppId: parent.id, expiresAt: { gt: now } };
    if ((await tx.app.count({ where: live })) >= config.sandboxesPerApp) {
      const next = await tx.app.findFirst({ where: live, orderBy: { expiresAt: "asc" }, select: { expiresAt: true } });
      const wait = Math.max(1, Math.ceil(((next?.expiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
      throw new ApiError(
        "SANDBOX_LIMIT_REACHED",
        `an app can have at most ${config.sandboxesPerApp} live sandboxes (SANDBOXES_PER_APP); delete one, or wait ${wait} s for the next to expire`,
        { "retry-after": String(wait) },
      );
    }
    const { appId: _own, ...keyRow } = keys.row;
    return tx.app.create({
      data: {
        id: appId,
        ownerId: parent.ownerId,
        name: name ?? defaultName(parent.name),
        // The parent's default callback address, except its own inspector: the child's callbacks land in the child's inbox.
        callbackUrl: parent.callbackUrl === inspectorUrl(parent.id) ? inspectorUrl(appId) : parent.callbackUrl,
        signingSecret,
        perMinute: parent.perMinute,
        timeScale: parent.timeScale,
        testNumbers: parent.testNumbers,
        callbackFaults: parent.callbackFaults,
        inspectorMode: parent.inspectorMode,
        parentAppId: parent.id,
        expiresAt,
        createdAt: now,
        subscriptions: {
          create: parent.subscriptions.map((s) => ({
            group: s.group, status: s.status, createdAt: now, reviewedAt: s.reviewedAt, reviewedBy: s.reviewedBy, reviewNote: s.reviewNote,
          })),
        },
        keyPairs: { create: [{ ...keyRow, createdAt: now }] },
      },
    });
  });
  return {
    appId: child.id,
    name: child.name,
    consumerKey: keys.row.consumerKey,
    consumerSecret: keys.consumerSecret,
    signingSecret,
    inspectorUrl: inspectorUrl(child.id),
    expiresAt: expiresAt.toISOString(),
  };
}

export type SandboxSummary = { appId: string; name: string; inspectorUrl: string; expiresAt: string; createdAt: string };

/** The parent's live sandboxes, the first to end first. */
export async function listSandboxes(parentId: string, now = new Date()): Promise<{ sandboxes: SandboxSummary[] }> {
  const rows = await db.app.findMany({
    where: { parentAppId: parentId, expiresAt: { gt: now } },
    orderBy: { expiresAt: "asc" },
    select: { id: true, name: true, expiresAt: true, createdAt: true },
  });
  return {
    sandboxes: rows.map((r) => ({
      appId: r.id, name: r.name, inspectorUrl: inspectorUrl(r.id), expiresAt: r.expiresAt!.toISOString(), createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Ends a live sandbox now: its parent may end it, and so may the sandbox
 * itself (a CI job tearing down with the keys it was given). Its keys and
 * tokens are refused from this commit on, on every instance; this instance's
 * sweeper deletes its rows at once. NOT_FOUND for any other app id.
 */
export async function endSandbox(callerId: string, sandboxId: string, now = new Date()): Promise<void> {
  const { count } = await db.app.updateMany({
    where: { id: sandboxId, parentAppId: { not: null }, expiresAt: { gt: now }, OR: [{ parentAppId: callerId }, { id: callerId }] },
    data: { expiresAt: now },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", `no live sandbox ${sandboxId} of this app`);
  sweepSoon();
}
