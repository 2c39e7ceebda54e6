import { sha256 } from "@/lib/crypto";
import { ApiError } from "@/lib/errors";
import { hasEnded } from "@/lib/services/sandbox-life";
import type { AuthenticatedApp } from "@/lib/services/calling-app";
import type { Step } from "../context";

const REALM = 'Bearer realm="Svc Sandbox"';

/** A 401 with its RFC 6750 §3 challenge: no error attribute when no token was sent. */
export function refuse(code: "MISSING_TOKEN" | "INVALID_TOKEN", message: string): ApiError {
  const challenge = code === "MISSING_TOKEN" ? REALM : `${REALM}, error="invalid_token", error_description="${message.replace(/["\\]/g, "")}"`;
  return new ApiError(code, message, { "www-authenticate": challenge });
}

/** MISSING_TOKEN, then INVALID_TOKEN: unknown, older than one hour, its key pair revoked, or its throwaway sandbox ended. */
export const authenticate: Step = async (s, store) => {
  const header = s.call.headers.get("authorization") ?? "";
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!m) throw refuse("MISSING_TOKEN", "the call needs an Authorization: Bearer <access token> header");
  const tokenHash = sha256(m[1]!);
  const token = await store.tokenByHash(tokenHash);
  if (!token) throw refuse("INVALID_TOKEN", "the access token is not known; request a new one");
  if (token.faultExpiredAt) {
    // Logged in its app's request log: the client checks see a client that keeps sending it (lib/activity/client-checks.ts).
    s.app = token.app;
    throw refuse("INVALID_TOKEN", `the access token was expired on purpose at ${token.faultExpiredAt.toISOString()} (X-Svc-Fault: token_expired); request a new one`);
  }
  if (token.expiresAt <= s.receivedAt) throw refuse("INVALID_TOKEN", "the access token is more than one hour old; request a new one");
  if (token.revoked) throw refuse("INVALID_TOKEN", "the key pair of this access token was revoked");
  if (hasEnded(token.app, s.receivedAt)) {
    throw refuse("INVALID_TOKEN", `the throwaway sandbox of this access token ended at ${token.app.expiresAt!.toISOString()}; make a new one with its parent app's keys`);
  }
  s.app = token.app;
  s.tokenHash = tokenHash;
};

/**
 * In place of `authenticate` for a call the portal makes as an app its signed-in
 * owner picked (the docs' try-it panel): the owner was checked by the session
 * and the app by ownership, so there is no token; a throwaway sandbox that has
 * ended is refused as its token would be.
 */
export const asApp =
  (app: AuthenticatedApp): Step =>
  (s) => {
    if (hasEnded(app, s.receivedAt)) throw refuse("INVALID_TOKEN", `the throwaway sandbox ${app.id} ended at ${app.expiresAt!.toISOString()}`);
    s.app = app;
  };
