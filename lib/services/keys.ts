import { db } from "@/lib/db/prisma";
import { audit } from "./audit";
import { sha256 } from "@/lib/crypto";
import { ApiError } from "@/lib/errors";
import { newId, randomBase62 } from "@/lib/ids";
import { withAppLock } from "./apps";
import { config, nowDate } from "@/lib/runtime";
import { parseOrThrow } from "@/lib/validation";
import { keyLabelSchema } from "./schemas";

/**
 * A key pair's material: the row to store (the secret only as its hash) and
 * the secret, to be shown this once. Every key pair is made here.
 */
export function newKeyPair(appId: string, label: string | null) {
  // Letters and digits only (190 and 256 bits): a key never starts with "-", which a
  // command line would read as an option (`sandbox.mjs key revoke --key -x…`), and
  // double-clicking selects it whole.
  const consumerKey = randomBase62(32);
  const consumerSecret = randomBase62(43);
  return { row: { id: newId("key"), appId, consumerKey, secretHash: sha256(consumerSecret), label }, consumerSecret };
}

/** A new key pair. The secret is returned this once and stored only as a hash. */
export async function createKeyPair(appId: string, label?: unknown) {
  const name = parseOrThrow(keyLabelSchema, label ?? "", "label");
  // Counted and created under the app's row lock: concurrent creations queue, so the cap is exact.
  const { row, consumerSecret } = newKeyPair(appId, name);
  const pair = await withAppLock(appId, async (tx) => {
    // Revoked pairs count too: they stay listed (and their keys unusable) until the app is deleted.
    if ((await tx.keyPair.count({ where: { appId } })) >= config.keyPairsPerApp) {
      throw new ApiError("CONFLICT", `an app can have at most ${config.keyPairsPerApp} key pairs`);
    }
    const made = await tx.keyPair.create({ data: row });
    const { teamId } = await tx.app.findUniqueOrThrow({ where: { id: appId }, select: { teamId: true } });
    await audit(tx, { teamId, action: "key.created", target: `${appId} ${made.consumerKey}` });
    return made;
  });
  return { id: pair.id, consumerKey: pair.consumerKey, consumerSecret, label: pair.label, createdAt: pair.createdAt };
}

/** Revokes at once: the gateway checks the pair on every call. Tokens of the pair are deleted too. */
export async function revokeKeyPair(consumerKey: string, appId?: string) {
  const pair = await db.keyPair.findUnique({ where: { consumerKey } });
  if (!pair || (appId && pair.appId !== appId)) throw new ApiError("NOT_FOUND", "no such key pair");
  if (pair.revokedAt) return { consumerKey, revokedAt: pair.revokedAt };
  const revokedAt = nowDate();
  await db.$transaction(async (tx) => {
    await tx.keyPair.update({ where: { id: pair.id }, data: { revokedAt } });
    await tx.accessToken.deleteMany({ where: { keyPairId: pair.id } });
    const { teamId } = await tx.app.findUniqueOrThrow({ where: { id: pair.appId }, select: { teamId: true } });
    await audit(tx, { teamId, action: "key.revoked", target: `${pair.appId} ${consumerKey}` });
  });
  return { consumerKey, revokedAt };
}

/** Names (or, with an empty label, unnames) one of the app's key pairs. */
export async function setKeyLabel(appId: string, consumerKey: string, label: unknown) {
  const name = parseOrThrow(keyLabelSchema, label ?? "", "label");
  const pair = await db.keyPair.findUnique({ where: { consumerKey } });
  if (!pair || pair.appId !== appId) throw new ApiError("NOT_FOUND", "no such key pair");
  const r = await db.keyPair.update({ where: { id: pair.id }, data: { label: name } });
  return { consumerKey, label: r.label };
}

export async function listKeyPairs(appId: string) {
  return db.keyPair.findMany({
    where: { appId },
    orderBy: { createdAt: "desc" },
    select: { id: true, consumerKey: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}
