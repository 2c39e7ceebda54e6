import { sha256 } from "@/lib/crypto";
import { ApiError } from "@/lib/errors";
import { hasEnded, sandboxEndedMessage } from "@/lib/services/sandbox-life";
import type { AuthenticatedApp } from "@/lib/services/calling-app";
import { groupOf, matchOperation } from "@/lib/catalog";
import { windowOf } from "@/lib/engine/rate-window";
import type { CallState, Step } from "../context";
import type { GatewayStore, TokenRow } from "../store";

/** A 401 (its RFC 6750 §3 challenge comes with the code: lib/errors.ts `challengeFor`). */
export function refuse(code: "MISSING_TOKEN" | "INVALID_TOKEN", message: string): ApiError {
  return new ApiError(code, message);
}

type ReadToken = (s: CallState, store: GatewayStore, tokenHash: string) => Promise<TokenRow | null>;

/** MISSING_TOKEN, then INVALID_TOKEN: unknown, older than one hour, its key pair revoked, or its throwaway sandbox ended. */
const checkToken = (read: ReadToken): Step => async (s, store) => {
  const header = s.call.headers.get("authorization") ?? "";
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!m) throw refuse("MISSING_TOKEN", "the call needs an Authorization: Bearer <access token> header");
  const tokenHash = sha256(m[1]!);
  const token = await read(s, store, tokenHash);
  if (!token) throw refuse("INVALID_TOKEN", "the access token is not known; request a new one");
  if (token.faultExpiredAt) {
    // Logged in its app's request log: the client checks see a client that keeps sending it (lib/activity/client-checks.ts).
    s.app = token.app;
    throw refuse("INVALID_TOKEN", `the access token was expired on purpose at ${token.faultExpiredAt.toISOString()} (X-Svc-Fault: token_expired); request a new one`);
  }
  if (token.expiresAt <= s.receivedAt) throw refuse("INVALID_TOKEN", "the access token is more than one hour old; request a new one");
  if (token.revoked) throw refuse("INVALID_TOKEN", "the key pair of this access token was revoked");
  if (hasEnded(token.app, s.receivedAt)) throw refuse("INVALID_TOKEN", sandboxEndedMessage(token.app));
  s.app = token.app;
  s.tokenHash = tokenHash;
};

/** The token check alone (the developer endpoints: no per-minute limit). */
export const authenticate = checkToken((_, store, tokenHash) => store.tokenByHash(tokenHash));

/**
 * The token check of an operation call: the token read in the statement that
 * also counts the call in its app's window when it passes every check before
 * the rate limit (the store's `tokenCounting`); the rate-limit step reads that
 * count. The checks here and in the steps after are made from the row as for
 * any call, so the order of refusals is the same.
 */
export const authenticateAndCount = checkToken(async (s, store, tokenHash) => {
  const found = matchOperation(s.call.method, s.call.path);
  if (!found) return store.tokenByHash(tokenHash); // refused by findOperation: not counted
  const r = await store.tokenCounting(tokenHash, { group: groupOf(found.op).name, window: windowOf(s.receivedAt), at: s.receivedAt });
  s.counted = r.count;
  return r.token;
});

/**
 * In place of `authenticate` for a call the portal makes as an app its signed-in
 * owner picked (the docs' try-it panel): the owner was checked by the session
 * and the app by ownership, so there is no token; a throwaway sandbox that has
 * ended is refused as its token would be.
 */
export const asApp =
  (app: AuthenticatedApp): Step =>
  (s) => {
    if (hasEnded(app, s.receivedAt)) throw refuse("INVALID_TOKEN", sandboxEndedMessage(app));
    s.app = app;
  };
