import { CredentialGuard } from "@/lib/throttle";

/**
 * Every check of an account's password — sign-in, password change, account
 * deletion — and of its two-step sign-in codes (totp.ts) goes through one guard (lib/throttle.ts CredentialGuard), counted
 * per client address, per account from that address, and per account:
 * failures from one address refused past 20 a minute (SIGNIN_FAILURES_PER_ADDRESS),
 * for one account from one address past 5 (…_PER_ACCOUNT_ADDRESS), slowed past
 * 10 for one account from anywhere (…_PER_ACCOUNT); successes for one account
 * from one address refused past 10 a minute (SIGNIN_SUCCESSES_PER_ACCOUNT_ADDRESS).
 */
export const passwordGuard = new CredentialGuard(
  "signin",
  { perAddress: 20, perAccountAddress: 5, perAccount: 10, slowMs: 1000, successesPerAccountAddress: 10 },
  "SIGNIN",
);

