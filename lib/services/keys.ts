import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { sha256 } from "@/lib/crypto";
import { ApiError } from "@/lib/errors";
import { newId, randomToken } from "@/lib/ids";
import { getApp } from "./apps";

/** A new key pair. The secret is returned this once and stored only as a hash. */
export async function createKeyPair(appId: string) {
  await getApp(appId);
  // Revoked pairs count too: they stay listed (and their keys unusable) until the app is deleted.
  if ((await db.keyPair.count({ where: { appId } })) >= config.keyPairsPerApp) {
    throw new ApiError("CONFLICT", `an app can have at most ${config.keyPairsPerApp} key pairs`);
  }
  const consumerKey = randomToken(24); // 32 url-safe characters
  const consumerSecret = randomToken(32); // 43 url-safe characters
  const pair = await db.keyPair.create({
    data: { id: newId("key"), appId, consumerKey, secretHash: sha256(consumerSecret) },
  });
  return { id: pair.id, consumerKey, consumerSecret, createdAt: pair.createdAt };
}

/** Revokes at once: the gateway checks the pair on every call. Tokens of the pair are deleted too. */
export async function revokeKeyPair(consumerKey: string, appId?: string) {
  const pair = await db.keyPair.findUnique({ where: { consumerKey } });
  if (!pair || (appId && pair.appId !== appId)) throw new ApiError("NOT_FOUND", "no such key pair");
  if (pair.revokedAt) return { consumerKey, revokedAt: pair.revokedAt };
  const revokedAt = new Date();
  await db.$transaction([
    db.keyPair.update({ where: { id: pair.id }, data: { revokedAt } }),
    db.accessToken.deleteMany({ where: { keyPairId: pair.id } }),
  ]);
  return { consumerKey, revokedAt };
}

export async function listKeyPairs(appId: string) {
  return db.keyPair.findMany({
    where: { appId },
    orderBy: { createdAt: "desc" },
    select: { id: true, consumerKey: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}
