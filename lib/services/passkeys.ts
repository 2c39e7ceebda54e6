// Passkeys (WebAuthn, through @simplewebauthn/server): the one rule for adding
// one to an account (registration options, then the authenticator's answer
// verified), listing, renaming and removing them, and signing in with one
// alone (discoverable credentials: the options name no account; the answer's
// credential id does). The relying party is PUBLIC_URL's host, the origin
// PUBLIC_URL's (`relyingParty`). A challenge is kept only as its SHA-256 hash,
// for its purpose (and, adding, its account), for CHALLENGE_SECONDS, and used
// once: the answer's challenge deletes its row, one DELETE, so a replay finds
// nothing on any instance. The signature counter must move forward (the
// library refuses one that went back: a cloned authenticator) and is moved
// by a conditional UPDATE. Sign-in failures count with the password guard
// (signin-guard.ts: per address, per account from an address, per account);
// challenge requests with their own throttle, per address and per account.
// `passkey.added` and `passkey.removed` are written in the account's audit in
// the change's transaction. Nothing of a challenge is logged.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { z } from "zod";
import { lockUser } from "@/lib/rows";
import { sha256 } from "@/lib/crypto";
import { db } from "@/lib/db/prisma";
import { ApiError, isDatabaseUnavailable } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { config, nowDate, nowMs } from "@/lib/runtime";
import { Throttle, takeTogether } from "@/lib/throttle";
import { audit, auditAccount } from "./audit";
import { REFUSALS, type Refusal } from "./passkey-refusals";
import { requireRecentSignIn } from "./sessions";
import { passwordGuard } from "./signin-guard";
import { type PublicUser, publicUser } from "./users";

/** How long a challenge can be answered (the browser's prompt waits as long). */
export const CHALLENGE_SECONDS = 300;
export const PASSKEY_NAME_MAX = 60;
const RP_NAME = "Svc Sandbox";

/** Challenges handed out a minute, per client address and per account (PASSKEY_CHALLENGES_PER_MINUTE). */
const challenges = new Throttle("passkey:challenges", 20, 60, "PASSKEY_CHALLENGES_PER_MINUTE");

/** The relying party: PUBLIC_URL's host (a browser refuses an IP address: locally `localhost`) and its origin. */
export function relyingParty() {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

const b64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/, "must be base64url");
const credentialBase = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};
/** An authenticator's answer to the registration options, as @simplewebauthn/browser's startRegistration gives it. */
export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({ clientDataJSON: b64url, attestationObject: b64url, transports: z.array(z.string().max(32)).max(10).optional() }).loose(),
}).loose();
/** An authenticator's answer to the sign-in options, as startAuthentication gives it. */
export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }).loose(),
}).loose();
export const passkeyName = z.string({ error: "name is required: what tells this passkey apart (the device or the password manager it is on)" })
  .trim().min(1, "name is required").max(PASSKEY_NAME_MAX, `name is at most ${PASSKEY_NAME_MAX} characters`);

type Purpose = "register" | "signin";

/** Keeps the challenge's hash for CHALLENGE_SECONDS (and drops the expired ones). */
async function keepChallenge(challenge: string, purpose: Purpose, userId: string | null) {
  const now = nowMs();
  await db.passkeyChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  await db.passkeyChallenge.create({ data: { challengeHash: sha256(challenge), purpose, userId, expiresAt: new Date(now + CHALLENGE_SECONDS * 1000) } });
}

/** Uses the challenge: true once, while it has not expired, for its purpose (and account); false for a replay, an expired or a foreign one. */
async function useChallenge(challenge: string, purpose: Purpose, userId: string | null): Promise<boolean> {
  const used = await db.passkeyChallenge.deleteMany({ where: { challengeHash: sha256(challenge), purpose, userId, expiresAt: { gt: nowDate() } } });
  return used.count === 1;
}

/** One challenge request from `address` (and for `userId`): 429 past PASSKEY_CHALLENGES_PER_MINUTE of either. */
async function countChallenge(address: string, userId?: string) {
  const places: [Throttle, string][] = [[challenges, `address\n${address}`]];
  if (userId) places.push([challenges, `account\n${userId}`]);
  const refused = await takeTogether(places);
  if (refused) {
    throw new ApiError("RATE_LIMITED", `too many passkey requests from your network; try again in ${refused.retryAfter} s`, { "retry-after": String(refused.retryAfter) });
  }
}

class Refused extends Error {
  constructor(readonly reason: Refusal) {
    super(REFUSALS[reason]);
  }
}
/** What the library's error was about (its messages: "Unexpected … origin", "… RP ID", "… counter …", "Custom challenge verifier …"). */
function refusalOf(e: unknown): Refusal {
  if (e instanceof Refused) return e.reason;
  // Not an answer about the passkey: the database went away while checking (503, nothing counted).
  if (isDatabaseUnavailable(e)) throw e;
  const m = e instanceof Error ? e.message : "";
  if (/challenge/i.test(m)) return "challenge";
  if (/origin/i.test(m)) return "origin";
  if (/RP ?ID/i.test(m)) return "rp";
  if (/counter/i.test(m)) return "counter";
  if (/signature/i.test(m)) return "signature";
  return "invalid";
}

const transportsOf = (t: string) => (t ? t.split(",") : []) as AuthenticatorTransport[];
type AuthenticatorTransport = NonNullable<RegistrationResponseJSON["response"]["transports"]>[number];

/** The account's passkeys as the Account page lists them, newest first. */
export async function listPasskeys(userId: string) {
  const rows = await db.passkey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { passkeys: rows.map(view) };
}
const view = (p: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; transports: string }) => ({
  id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null, transports: transportsOf(p.transports),
});

const ADDING = "add a passkey";

/** PASSKEYS_PER_USER: an account with `has` passkeys may add one more, or 409. Counted under the account's row lock when one is added. */
function roomForPasskey(has: number) {
  if (has >= config.passkeysPerUser) {
    throw new ApiError("CONFLICT", `an account can have at most ${config.passkeysPerUser} passkeys; remove one first`);
  }
}

/** Options for adding a passkey to the account (the browser's navigator.credentials.create), its challenge kept. */
export async function registrationOptions(user: PublicUser, sessionId: string, address: string) {
  await requireRecentSignIn(user.id, sessionId, ADDING);
  const existing = await db.passkey.findMany({ where: { userId: user.id }, select: { credentialId: true, transports: true } });
  roomForPasskey(existing.length); // before the authenticator makes a key the account could not keep, and before a challenge is counted
  await countChallenge(address, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    timeout: CHALLENGE_SECONDS * 1000,
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    // Discoverable: the passkey signs in alone, without an email typed first.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(options.challenge, "register", user.id);
  return options;
}

/** Adds the passkey the authenticator made for the account's registration options: 201's body; `passkey.added` in the account's audit. */
export async function addPasskey(user: PublicUser, sessionId: string, name: string, response: z.infer<typeof registrationResponse>) {
  await requireRecentSignIn(user.id, sessionId, ADDING);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const rp = relyingParty();
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: (challenge) => useChallenge(challenge, "register", user.id),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Refused("signature");
    info = verified.registrationInfo;
  } catch (e) {
    const message = `passkey not added: ${REFUSALS[refusalOf(e)]}`;
    throw new ApiError("FORBIDDEN", message, {}, [{ field: "response", message }]);
  }
  const { credential } = info;
  if (await db.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) {
    throw new ApiError("CONFLICT", "this passkey is already registered");
  }
  const row = await db.$transaction(async (tx) => {
    if ((await lockUser(tx, user.id)) === 0) throw new ApiError("NOT_FOUND", "no such user");
    roomForPasskey(await tx.passkey.count({ where: { userId: user.id } }));
    const created = await tx.passkey.create({
      data: {
        id: newId("pk"), userId: user.id, credentialId: credential.id, publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: BigInt(credential.counter), transports: (credential.transports ?? []).join(","), name, createdAt: nowDate(),
      },
    });
    await audit(tx, { userId: user.id, action: "passkey.added", target: name });
    return created;
  });
  return view(row);
}

async function ownPasskey(userId: string, passkeyId: string) {
  const p = await db.passkey.findFirst({ where: { id: passkeyId, userId } });
  if (!p) throw new ApiError("NOT_FOUND", "no such passkey on your account");
  return p;
}

export async function renamePasskey(userId: string, passkeyId: string, name: string) {
  await ownPasskey(userId, passkeyId);
  return view(await db.passkey.update({ where: { id: passkeyId }, data: { name } }));
}

/** Removes the passkey: it signs in no more, from the next attempt on; `passkey.removed` in the account's audit. */
export async function removePasskey(userId: string, passkeyId: string): Promise<void> {
  const p = await ownPasskey(userId, passkeyId);
  await db.$transaction(async (tx) => {
    const gone = await tx.passkey.deleteMany({ where: { id: p.id, userId } });
    if (gone.count !== 1) throw new ApiError("NOT_FOUND", "no such passkey on your account");
    await audit(tx, { userId, action: "passkey.removed", target: p.name });
  });
}

/** Options for signing in with a passkey (navigator.credentials.get): no account named, its challenge kept; counted per address. */
export async function signInOptions(address: string) {
  await countChallenge(address);
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: "required", timeout: CHALLENGE_SECONDS * 1000 });
  await keepChallenge(options.challenge, "signin", null);
  return options;
}

export { REFUSALS, type Refusal };
export type PasskeySignIn = { user: PublicUser } | { refused: Refusal };

/**
 * Signs in with the authenticator's answer `raw` (JSON text) from `address`:
 * the passkey its credential id names, the challenge used once, the signature
 * verified with the passkey's public key, the counter moved forward. Counted
 * with the password guard under the passkey's account (an unknown passkey: the
 * address only); 429 RATE_LIMITED past its limits.
 */
export async function signInWithPasskey(raw: string, address: string): Promise<PasskeySignIn> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const answer = authenticationResponse.safeParse(parsed);
  const passkey = answer.success ? await db.passkey.findUnique({ where: { credentialId: answer.data.id }, include: { user: true } }) : null;
  let refused: Refusal = answer.success ? "unknown" : "invalid";
  const outcome = await passwordGuard.attempt(address, passkey?.user.email ?? "", async () => {
    if (!answer.success || !passkey) return null;
    try {
      const rp = relyingParty();
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: answer.data as AuthenticationResponseJSON,
        expectedChallenge: (challenge) => useChallenge(challenge, "signin", null),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, "base64url"), counter: Number(passkey.counter), transports: transportsOf(passkey.transports) },
        requireUserVerification: true,
      });
      if (!verified) throw new Refused("signature");
      // Forward only from the counter this check read: of two answers racing, one moves it.
      const moved = await db.passkey.updateMany({
        where: { id: passkey.id, counter: passkey.counter },
        data: { counter: BigInt(authenticationInfo.newCounter), lastUsedAt: nowDate() },
      });
      if (moved.count !== 1) throw new Refused("counter");
    } catch (e) {
      refused = refusalOf(e);
      return null;
    }
    return { user: publicUser(passkey.user) };
  }, "too many sign-ins for this account from your network");
  // The account's entry once the guard has counted the attempt (users.ts checkSignIn): a failed
  // write must not give a checked answer back.
  if (passkey && answer.success) {
    if (outcome) await auditAccount(passkey.userId, "signin", passkey.user.email, { userId: passkey.userId, email: passkey.user.email, address });
    else await auditAccount(passkey.userId, "signin.failed", passkey.user.email, { userId: null, email: null, address });
  }
  return outcome ?? { refused };
}
