// Console sign-in: email and password (scrypt, lib/services/users), JWT
// sessions that expire, failed attempts throttled per client address and per
// account (the address comes from x-forwarded-for, which a direct client can forge).
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { checkPassword } from "@/lib/services/users";
import { clientAddress, FailureThrottle } from "@/lib/throttle";
import { authSecret } from "./secret";

export const SESSION_MAX_AGE = 8 * 60 * 60; // seconds
export const SIGNIN_FAILURES_PER_MINUTE = 5;
export const ACCOUNT_FAILURES_PER_MINUTE = 10;

/** Too many failed sign-ins from this address: shown as its own message. */
export class TooManyAttempts extends CredentialsSignin {
  code = "throttled";
}

const g = globalThis as unknown as { __svcSigninThrottle?: FailureThrottle; __svcAccountThrottle?: FailureThrottle };
const throttle = (g.__svcSigninThrottle ??= new FailureThrottle(SIGNIN_FAILURES_PER_MINUTE));
const perAccount = (g.__svcAccountThrottle ??= new FailureThrottle(ACCOUNT_FAILURES_PER_MINUTE));

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true, // the portal serves one origin; links use PUBLIC_URL, not the Host header
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const address = clientAddress(request.headers);
        const email = String(credentials.email ?? "").trim().toLowerCase();
        if (throttle.blockedFor(address) > 0 || perAccount.blockedFor(email) > 0) throw new TooManyAttempts();
        const user = await checkPassword(email, String(credentials.password ?? ""));
        if (!user) {
          throttle.fail(address);
          perAccount.fail(email);
          return null;
        }
        return { id: user.id, email: user.email };
      },
    }),
  ],
  // A wrong password is an answer, not a server error: keep it out of the log.
  logger: { error: (e: Error) => void (e instanceof CredentialsSignin || console.error(e)) },
  callbacks: {
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
