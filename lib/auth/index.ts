// Console sign-in: email and password (scrypt, lib/services/users), JWT
// sessions that expire and end on sign-out (a session version per account),
// attempts guarded per client address and per account (lib/services/users.ts
// checkSignIn, on lib/throttle.ts), and with two-step sign-in on a code as well
// (the `totp` field: lib/services/totp.ts); or with a passkey alone (the
// `passkey` provider: lib/services/passkeys.ts). With OIDC_ISSUER set, single sign-on
// too: Auth.js's OIDC provider (id `oidc`: PKCE, state and nonce; the id token's
// issuer, audience and expiry checked by Auth.js), then lib/services/sso.ts's rule.
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { NextRequest } from "next/server";
import { config } from "@/lib/runtime";
import { DATABASE_BUSY_OR_UNREACHABLE, isApiError, isDatabaseUnavailable } from "@/lib/errors";
import { HashingBusy } from "@/lib/services/passwords";
import { checkSignIn } from "@/lib/services/users";
import { signInWithPasskey } from "@/lib/services/passkeys";
import { openSession, signOutSession } from "@/lib/services/sessions";
import { type SsoClaims, ssoSignIn } from "@/lib/services/sso";
import { clientAddress } from "@/lib/throttle";
import { authSecret } from "@/lib/auth-secret";
import { log } from "@/lib/log";

export const SESSION_MAX_AGE = 8 * 60 * 60; // seconds

/** Too many sign-ins from this address for this account: shown as its own message. */
export class TooManyAttempts extends CredentialsSignin {
  code = "throttled";
}

/** Too many passwords being checked at once on this server: shown as its own message. */
export class ServerBusy extends CredentialsSignin {
  code = "busy";
}

/**
 * The database was too busy for the sign-in, or could not be reached, while checking the password: shown as its own message, not as
 * Auth.js's "Configuration" (what it makes of any other error). While the database is away,
 * server/route.ts answers 503 before sign-in runs; this is the second in which it goes away.
 * The sign-in form and page say SIGN_IN_UNAVAILABLE.
 */
export const SIGN_IN_UNAVAILABLE = `The portal's ${DATABASE_BUSY_OR_UNREACHABLE}. Try again in a few seconds.`;
export class ServiceUnavailable extends CredentialsSignin {
  code = "unavailable";
}

/** The password was right and the account has two-step sign-in on: the form asks for a code. */
export class CodeNeeded extends CredentialsSignin {
  code = "totp_required";
}

/** The password was right, the code (or recovery code) was not, or was used already. */
export class WrongCode extends CredentialsSignin {
  code = "totp_invalid";
}

/** A passkey's answer was refused: `passkey_<reason>` (lib/services/passkeys.ts REFUSALS says it in words). */
export class PasskeyRefused extends CredentialsSignin {
  constructor(reason: string) {
    super();
    this.code = `passkey_${reason}`;
  }
}

type SignedIn = { id: string; email: string; sessionVersion: number; address: string; userAgent: string | null };
/**
 * The user a provider signed in, with where from (the client's address and browser), which the jwt callback
 * writes into the session's record. The request each provider is given: a server action's sign-in has no
 * other (Auth.js's lazy config gets none there).
 */
const signedIn = (u: { id: string; email: string; sessionVersion: number }, request: Request | undefined): SignedIn => ({
  id: u.id, email: u.email, sessionVersion: u.sessionVersion,
  address: request ? clientAddress(request.headers) : "unknown",
  userAgent: request?.headers.get("user-agent") ?? null,
});

/** What a refused sign-in that is not a wrong credential throws, for any provider. */
function refusedBy(e: unknown): never {
  if (e instanceof HashingBusy) throw new ServerBusy();
  if (isApiError(e) && e.code === "RATE_LIMITED") throw new TooManyAttempts();
  if (isDatabaseUnavailable(e)) throw new ServiceUnavailable();
  throw e;
}

/**
 * Where a refused single sign-on lands: the sign-in page with its reason (app/(auth)/sign-in-messages.ts
 * `ssoRefused`). A callback Auth.js refuses itself (a bad state or nonce, another issuer or audience,
 * an expired id token) lands there too, with Auth.js's `error`.
 */
const ssoRefused = (reason: string) => `/signin?error=${encodeURIComponent(`sso_${reason.replace("-", "_")}`)}`;

/** The provider of OIDC_ISSUER, as Auth.js's "custom OIDC provider" (none without it). */
function oidcProvider() {
  const o = config.oidc;
  if (!o) return [];
  return [{
    id: "oidc",
    name: o.name,
    type: "oidc" as const,
    issuer: o.issuer,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    checks: ["pkce" as const, "state" as const, "nonce" as const],
    // The claims come from the userinfo endpoint (where providers put email and groups), after the id token is checked.
    idToken: false,
    authorization: { params: { scope: o.operatorGroups.length ? "openid email profile groups" : "openid email profile" } },
  }];
}

export const { handlers, auth, signIn, signOut } = NextAuth((request) => ({
  secret: authSecret(),
  trustHost: true, // the portal serves one origin; links use PUBLIC_URL, not the Host header
  // Secure cookies from PUBLIC_URL's scheme, not from the request's (which is http behind a TLS proxy that is not trusted to say otherwise).
  useSecureCookies: config.secureCookies,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" }, totp: { label: "Code" } },
      async authorize(credentials, request) {
        const address = clientAddress(request.headers);
        const email = String(credentials.email ?? "").trim().toLowerCase();
        let outcome: Awaited<ReturnType<typeof checkSignIn>>;
        try {
          outcome = await checkSignIn(email, String(credentials.password ?? ""), String(credentials.totp ?? ""), address);
        } catch (e) {
          refusedBy(e);
        }
        if ("user" in outcome) return signedIn(outcome.user, request);
        if (outcome.refused === "code-needed") throw new CodeNeeded();
        if (outcome.refused === "code") throw new WrongCode();
        return null;
      },
    }),
    // A passkey alone: `response`, the authenticator's answer (startAuthentication's, as JSON) to the options of POST /api/console/passkey-signin.
    Credentials({
      id: "passkey",
      name: "Passkey",
      credentials: { response: { label: "Passkey" } },
      async authorize(credentials, request) {
        let outcome: Awaited<ReturnType<typeof signInWithPasskey>>;
        try {
          outcome = await signInWithPasskey(String(credentials.response ?? ""), clientAddress(request.headers));
        } catch (e) {
          refusedBy(e);
        }
        if ("user" in outcome) return signedIn(outcome.user, request);
        throw new PasskeyRefused(outcome.refused);
      },
    }),
    ...oidcProvider(),
  ],
  // Signing out ends this session's record: the cookie, copied or not, is signed out on every instance.
  events: {
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await signOutSession(sid);
    },
  },
  // A wrong password is an answer, not a server error: keep it out of the log (an unreachable database is logged).
  logger: { error: (e: Error) => void ((e instanceof CredentialsSignin && !(e instanceof ServiceUnavailable)) || log().error({ err: e }, "[auth] sign-in failed")) },
  callbacks: {
    // Single sign-on: the account lib/services/sso.ts matches (or makes) becomes the session's; a refusal
    // redirects to the sign-in page with no session. `user` is the object jwt() below receives.
    async signIn({ user, account, profile }) {
      if (account?.provider !== "oidc") return true;
      const outcome = await ssoSignIn((profile ?? {}) as SsoClaims, request ? clientAddress(request.headers) : "unknown");
      if ("refused" in outcome) return ssoRefused(outcome.refused);
      Object.assign(user, signedIn(outcome.user, request));
      return true;
    },
    // The session carries the account's session version at sign-in and its record's id (`sid`);
    // lib/auth/session.ts ends it when the version has moved on (password change, sign out
    // everywhere) or its record is gone (signed out here or from the security page).
    // Every way in (password, passkey, single sign-on) opens the session's record here, once, at sign-in
    // (lib/services/sessions.ts), with the address and browser `signedIn` noted: the JWT carries its id;
    // deleting the row signs this session out.
    async jwt({ token, user }) {
      if (user?.id) {
        const u = user as Partial<SignedIn>;
        token.sv = u.sessionVersion ?? 0;
        token.sid = await openSession(user.id, u.address ?? null, u.userAgent ?? null, SESSION_MAX_AGE * 1000);
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      Object.assign(session, { sv: token.sv, sid: token.sid });
      return session;
    },
  },
}));

/**
 * Auth.js's endpoints (app/api/auth/[...nextauth]/route.ts) see each request on PUBLIC_URL's origin, not on
 * Next's request URL (the listener's, e.g. http://localhost:3000 behind a proxy): single sign-on's redirect
 * address, sent to the provider and sent again with the code, is then the one registered there. A plain
 * Request: a NextRequest's URL would turn a loopback address such as 127.0.0.1 into "localhost" again.
 */
function onPublicOrigin(request: NextRequest): NextRequest {
  const url = new URL(request.url);
  const publicUrl = new URL(config.publicUrl);
  url.protocol = publicUrl.protocol;
  url.host = publicUrl.host;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : request.body;
  // Auth.js reads the URL, method, headers and body; the lazy config above, the headers.
  return new Request(url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit) as NextRequest;
}
export const authRoutes = {
  GET: (request: NextRequest) => handlers.GET(onPublicOrigin(request)),
  POST: (request: NextRequest) => handlers.POST(onPublicOrigin(request)),
};
