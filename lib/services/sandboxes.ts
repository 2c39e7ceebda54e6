// Throwaway sandboxes: child apps made with one call from a parent app's token
// (POST {base_url}/dev/v1/sandboxes, lib/catalog/dev-endpoints/sandbox-endpoints.ts).
// A child is an App row with `parentAppId` and `expiresAt`: the parent's owner,
// copies of the parent's subscriptions (same states), developer settings (the
// fault plan too, numbered from 1 in the child), test numbers and per-minute limit, one key pair and a signing secret of its own.
// Its data is its own: every read is per app id.
//
// A sandbox ends at `expiresAt`; deleting one moves `expiresAt` to now. From
// then on it is refused everywhere, on every instance: its tokens (the
// gateway's authenticate step), its key pairs (the token endpoint), its
// inspector and console pages (`liveApps`), its callbacks (the dispatcher's
// claim); the rule is sandbox-life.ts. sandbox-sweep.ts then deletes it with
// all its rows.
import { insertSandbox } from "@/lib/rows";
import { config, nowDate } from "@/lib/runtime";
import { newSigningSecret } from "@/lib/crypto";
import { db } from "@/lib/db/prisma";
import { audit } from "./audit";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { APP_THROTTLES, Throttle } from "@/lib/throttle";
import { parseOrThrow } from "@/lib/validation";
import { inspectorUrl, lockAppRow } from "./apps";
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
 * (SANDBOX_LIMIT_REACHED). One short batch transaction: the parent row's lock
 * (as withAppLock takes it), then inserts that check the count themselves, so
 * parallel creations (on any instance) never pass the limit.
 */
export async function createSandbox(
  caller: { id: string; parentAppId: string | null },
  input: { ttlSeconds: number; name?: string },
  now = nowDate(),
): Promise<SandboxCreated> {
  const refuseNested = (parentAppId: string) =>
    new ApiError("SANDBOX_NOT_ALLOWED", `this app is a throwaway sandbox of ${parentAppId}: make sandboxes with the parent app's keys`);
  if (caller.parentAppId) throw refuseNested(caller.parentAppId);
  const name = input.name === undefined ? undefined : parseOrThrow(appNameSchema, input.name, "name");
  await creations().enforce(
    caller.id,
    (s) => `an app makes at most ${config.sandboxCreatesPerMinute} sandboxes a minute (SANDBOX_CREATES_PER_MINUTE); try again in ${s} s`,
    now.getTime(),
  );
  const parent = await db.app.findUnique({ where: { id: caller.id }, select: { name: true, teamId: true } });
  if (!parent) throw new ApiError("NOT_FOUND", `no app ${caller.id}`);
  const appId = newId("app");
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
  const keys = newKeyPair(appId, "sandbox");
  const signingSecret = newSigningSecret();
  const childName = name ?? defaultName(parent.name);
  const inserted = await db.$transaction(async (tx) => {
    await lockAppRow(tx, caller.id);
    const [app, subscriptions, keyPair] = insertSandbox(tx, {
      parentId: caller.id, appId, name: childName, parentInspector: inspectorUrl(caller.id), childInspector: inspectorUrl(appId),
      signingSecret, expiresAt, now, limit: config.sandboxesPerApp, key: keys.row,
    });
    const n = await app;
    await subscriptions;
    await keyPair;
    if (n === 1) await audit(tx, { teamId: parent.teamId, action: "sandbox.created", target: `${caller.id} ${appId}` });
    return n;
  });
  if (inserted !== 1) throw await whyNotInserted(caller.id, now, refuseNested);
  return {
    appId,
    name: childName,
    consumerKey: keys.row.consumerKey,
    consumerSecret: keys.consumerSecret,
    signingSecret,
    inspectorUrl: inspectorUrl(appId),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The parent is gone, is itself a sandbox, or has its maximum of live children (retry-after: until the first ends). */
async function whyNotInserted(parentId: string, now: Date, refuseNested: (id: string) => ApiError): Promise<ApiError> {
  const parent = await db.app.findUnique({ where: { id: parentId }, select: { parentAppId: true } });
  if (!parent) return new ApiError("NOT_FOUND", `no app ${parentId}`);
  if (parent.parentAppId) return refuseNested(parent.parentAppId);
  const next = await db.app.findFirst({ where: { parentAppId: parentId, expiresAt: { gt: now } }, orderBy: { expiresAt: "asc" }, select: { expiresAt: true } });
  const wait = Math.max(1, Math.ceil(((next?.expiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
  return new ApiError(
    "SANDBOX_LIMIT_REACHED",
    `an app can have at most ${config.sandboxesPerApp} live sandboxes (SANDBOXES_PER_APP); delete one, or wait ${wait} s for the next to expire`,
    { "retry-after": String(wait) },
  );
}

export type SandboxSummary = { appId: string; name: string; inspectorUrl: string; expiresAt: string; createdAt: string };

/** The parent's live sandboxes, the first to end first. */
export async function listSandboxes(parentId: string, now = nowDate()): Promise<{ sandboxes: SandboxSummary[] }> {
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
export async function endSandbox(callerId: string, sandboxId: string, now = nowDate()): Promise<void> {
  const { count } = await db.app.updateMany({
    where: { id: sandboxId, parentAppId: { not: null }, expiresAt: { gt: now }, OR: [{ parentAppId: callerId }, { id: callerId }] },
    data: { expiresAt: now },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", `no live sandbox ${sandboxId} of this app`);
  sweepSoon();
}
