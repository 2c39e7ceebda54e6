// POST {base_url}/oauth/v1/token (README: How the sandbox behaves).
import { nowDate } from "@/lib/runtime";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { safeEqual, sha256 } from "@/lib/crypto";
import { ApiError, errorBody, toApiError } from "@/lib/errors";
import { newId, randomToken } from "@/lib/ids";
import { clientAddress, CredentialGuard } from "@/lib/throttle";
import { TOKEN_LIFETIME_S } from "@/lib/catalog/schemas/common";
import { hasEnded } from "@/lib/services/sandbox-life";
import type { HeaderBag } from "@/lib/http/node-io";
import type { GatewayResult } from "./context";
import { refuseFaultHeader } from "./gateway-faults";

export { TOKEN_LIFETIME_S };
/** Live tokens kept per key pair; older ones are dropped first. */
const MAX_LIVE_TOKENS = 100;

/** Failed secrets: per address, per key from one address (429), per key from anywhere (slowed). */
const guard = new CredentialGuard("token", { perAddress: 100, perAccountAddress: 10, perAccount: 10, slowMs: 1000 }, "TOKEN");

/** application/x-www-form-urlencoded decoding of one credential; null when malformed. */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * RFC 6749 §2.3.1: the client id and secret are form-urlencoded, then joined
 * by ":" and Base64-encoded. Strict clients (openid-client) encode "-" and "_"
 * as %2D and %5F; others send them as they are. Both decode to the same pair.
 */
function parseBasic(header: string | null): { key: string; secret: string } | null {
  const m = /^Basic[ ]+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const i = decoded.indexOf(":");
  if (i <= 0) return null;
  const key = formDecode(decoded.slice(0, i));
  const secret = formDecode(decoded.slice(i + 1));
  return key && secret !== null ? { key, secret } : null;
}

/** The key pair the credentials name, if the secret matches, it is not revoked and its app has not ended (a throwaway sandbox). */
async function checkClient(db: Db, creds: { key: string; secret: string } | null) {
  if (!creds || creds.key.length > 128 || creds.secret.length > 256) return null;
  const pair = await db.keyPair.findUnique({ where: { consumerKey: creds.key }, include: { app: { select: { expiresAt: true } } } });
  // Hash and compare even when the key is unknown, so timing does not tell which part was wrong.
  const ok = safeEqual(sha256(creds.secret), pair?.secretHash ?? sha256(`absent:${creds.key}`));
  return ok && pair && !pair.revokedAt && !hasEnded(pair.app) ? pair : null;
}

/**
 * The token endpoint (POST). Another method on its path is not answered here:
 * routes.ts sends it through the operations' checks like any call, which answer
 * 401 without a token, else 404 NO_SUCH_OPERATION with `Allow: POST`
 * (lib/catalog/methods.ts `methodsAt`).
 */
export async function issueToken(headers: HeaderBag, readBody: () => Promise<string>, db: Db = defaultDb): Promise<GatewayResult> {
  const requestId = newId("req");
  const base = { "x-request-id": requestId, "cache-control": "no-store" };
  try {
    refuseFaultHeader(headers, "the token endpoint");
    const creds = parseBasic(headers.get("authorization"));
    const address = clientAddress(headers);
    const keyName = (creds?.key ?? "").slice(0, 128);
    const pair = await guard.attempt(address, keyName, () => checkClient(db, creds), "too many failed attempts from this address");
    if (!pair) {
      // Its Basic challenge (RFC 6749 §5.2) comes with the code: lib/errors.ts `challengeFor`.
      throw new ApiError("INVALID_CLIENT", "the Basic credentials must be the consumer key and secret of an active key pair");
    }
    const grant = new URLSearchParams(await readBody()).get("grant_type");
    if (grant !== "client_credentials") {
      throw new ApiError("UNSUPPORTED_GRANT_TYPE", "grant_type must be client_credentials (form-encoded body)");
    }
    const token = randomToken(32);
    const now = nowDate();
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_S * 1000);
    await db.$transaction([
      db.accessToken.create({ data: { tokenHash: sha256(token), keyPairId: pair.id, appId: pair.appId, createdAt: now, expiresAt } }),
      db.keyPair.update({ where: { id: pair.id }, data: { lastUsedAt: now } }),
      db.accessToken.deleteMany({ where: { expiresAt: { lte: now } } }),
    ]);
    await trimLiveTokens(db, pair.id);
    return { status: 200, headers: base, body: { access_token: token, token_type: "Bearer", expires_in: TOKEN_LIFETIME_S }, appId: pair.appId };
  } catch (e) {
    const err = toApiError(e, "token", requestId);
    // error_description (RFC 6749 §5.2): the same text as message, which OAuth libraries show.
    return { status: err.status, headers: { ...base, ...err.headers }, body: { ...errorBody(err.code, err.message, requestId), error_description: err.message } };
  }
}

async function trimLiveTokens(db: Db, keyPairId: string) {
  const old = await db.accessToken.findMany({
    where: { keyPairId },
    orderBy: { createdAt: "desc" },
    skip: MAX_LIVE_TOKENS,
    select: { tokenHash: true },
  });
  if (old.length) await db.accessToken.deleteMany({ where: { tokenHash: { in: old.map((t) => t.tokenHash) } } });
}
