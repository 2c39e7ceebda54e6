// Console sign-in: email and password (scrypt, lib/services/users), JWT
// sessions that expire and end on sign-out (a session version per account),
// attempts guarded per client address and per account (lib/services/users.ts
// checkSignIn, on lib/throttle.ts), and with two-step sign-in on a code as well
// (the `totp` field: lib/services/totp.ts).
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { config } from "@/lib/runtime";
import { isApiError, isDatabaseUnavailable } from "@/lib/errors";
import { HashingBusy } from "@/lib/services/passwords";
import { openSession, signOutSession } from "@/lib/services/sessions";
import { checkSignIn } from "@/lib/services/users";
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
 * The database could not be reached while checking the password: shown as its own message, not as
 * Auth.js's "Configuration" (what it makes of any other error). While the database is away,
 * server/route.ts answers 503 before sign-in runs; this is the second in which it goes away.
 * The sign-in form and page say SIGN_IN_UNAVAILABLE.
 */
export const SIGN_IN_UNAVAILABLE = "The service is unavailable right now: the portal cannot reach its database. Try again in a few seconds.";
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

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
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
          if (e instanceof HashingBusy) throw new ServerBusy();
          if (isApiError(e) && e.code === "RATE_LIMITED") throw new TooManyAttempts();
          if (isDatabaseUnavailable(e)) throw new ServiceUnavailable();
          throw e;
        }
        if ("user" in outcome) {
          // The session's record (lib/services/sessions.ts): the JWT carries its id; deleting it signs this session out.
          const sid = await openSession(outcome.user.id, address, request.headers.get("user-agent"), SESSION_MAX_AGE * 1000);
          return { id: outcome.user.id, email: outcome.user.email, sessionVersion: outcome.user.sessionVersion, sid };
        }
        if (outcome.refused === "code-needed") throw new CodeNeeded();
        if (outcome.refused === "code") throw new WrongCode();
        return null;
      },
    }),
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
    // The session carries the account's session version at sign-in and its record's id (`sid`);
    // lib/auth/session.ts ends it when the version has moved on (password change, sign out
    // everywhere) or its record is gone (signed out here or from the security page).
    jwt({ token, user }) {
      if (user) {
        token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
        token.sid = (user as { sid?: string }).sid;
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
