// Why a passkey's answer was refused, in words: the console's routes and the
// sign-in page (which imports this file alone, no database) say the same. The
// library's own text may quote the challenge, so it is never passed on as it is.
export type Refusal = "challenge" | "origin" | "rp" | "signature" | "counter" | "unknown" | "invalid";
export const REFUSALS: Record<Refusal, string> = {
  challenge: "the passkey request expired or was used already: start again",
  origin: "the passkey answered for another site's address: use it on this portal's own address",
  rp: "the passkey belongs to another site (its relying party is not this portal's)",
  signature: "the passkey's signature does not verify",
  counter: "the passkey's signature counter went back: the passkey may have been copied, so it was refused",
  unknown: "this passkey is not registered on any account here (it may have been removed)",
  invalid: "the passkey's answer is malformed",
};

/** A refused passkey sign-in as the sign-in page says it: Auth.js's code `passkey_<reason>`, or null for another code. */
export function passkeySignInMessage(code: string | undefined): string | null {
  const reason = code?.startsWith("passkey_") ? code.slice("passkey_".length) : null;
  return reason && Object.hasOwn(REFUSALS, reason) ? `Not signed in: ${REFUSALS[reason as Refusal]}.` : null;
}
