// Throttles: counters per (scope, subject) in fixed windows, kept in the
// database (model Throttle) so every instance of the portal counts the same
// attempts. Keys are hashes, so a subject of any length costs one short key;
// rows of past windows are deleted at most once a minute per process, so the
// table holds the live windows' subjects only.
import { sha256 } from "@/lib/crypto";
import { db as defaultDb, type Db } from "@/lib/db/prisma";

export { clientAddress } from "@/lib/net/client-address";

const PRUNE_EVERY_MS = 60_000;
const g = globalThis as unknown as { __svcThrottlePrunedAt?: number };

function positive(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * The throttles counted per app (subject = the app id). A deleted throwaway
 * sandbox's counters go with it (lib/services/sandbox-sweep.ts): every per-app
 * throttle takes its scope from here.
 */
export const APP_THROTTLES = { inspect: "inspect:app", resend: "resend:app", sandboxCreate: "sandbox:create" } as const;

/** The row key of `subject`'s counter in `scope` (a hash: any subject costs one short key). */
export const throttleKey = (scope: string, subject: string) => sha256(`${scope}\n${subject}`);

export class Throttle {
  readonly limit: number;
  constructor(
    readonly scope: string,
    limit: number,
    readonly windowS: number,
    /** Environment variable that overrides `limit`. */
    envName?: string,
    private readonly db: Db = defaultDb,
  ) {
    this.limit = envName ? positive(envName, limit) : limit;
  }

  private at(subject: string, now: number) {
    const window = Math.floor(now / 1000 / this.windowS);
    return {
      key: throttleKey(this.scope, subject),
      window,
      expiresAt: new Date((window + 1) * this.windowS * 1000),
      retryAfter: Math.max(1, Math.ceil(((window + 1) * this.windowS * 1000 - now) / 1000)),
    };
  }

  /** How many were counted for `subject` in the current window. */
  async count(subject: string, now = Date.now()): Promise<number> {
    const { key, window } = this.at(subject, now);
    const row = await this.db.throttle.findUnique({ where: { key } });
    return row && row.window === window ? row.count : 0;
  }

  /** Seconds until `subject` is under its limit again, or 0 when it is now. */
  async blockedFor(subject: string, now = Date.now()): Promise<number> {
    return (await this.count(subject, now)) >= this.limit ? this.at(subject, now).retryAfter : 0;
  }

  /** Counts one for `subject`; returns the count in this window and the seconds left in it. */
  async hit(subject: string, now = Date.now()): Promise<{ count: number; retryAfter: number }> {
    const { key, window, expiresAt, retryAfter } = this.at(subject, now);
    const bumped = await this.db.throttle.updateMany({ where: { key, window }, data: { count: { increment: 1 } } });
    if (bumped.count === 0) {
      await this.db.throttle.upsert({ where: { key }, create: { key, window, count: 1, expiresAt }, update: { window, count: 1, expiresAt } });
    }
    void prune(this.db, now);
    return { count: await this.count(subject, now), retryAfter };
  }

  /** Counts one; `allowed` is false once the limit is passed in this window. */
  async take(subject: string, now = Date.now()): Promise<{ allowed: boolean; retryAfter: number; count: number }> {
    const { count, retryAfter } = await this.hit(subject, now);
    return { allowed: count <= this.limit, retryAfter, count };
  }
}

async function prune(db: Db, now: number) {
  if (now - (g.__svcThrottlePrunedAt ?? 0) < PRUNE_EVERY_MS) return;
  g.__svcThrottlePrunedAt = now;
  await db.throttle.deleteMany({ where: { expiresAt: { lte: new Date(now) } } }).catch(() => {});
}

/** Waits `ms`: how per-account protection slows a guesser without refusing the right credential. */
export const slowDown = (ms: number) => new Promise((r) => setTimeout(r, ms));

type GuardLimits = { perAddress: number; perAccountAddress: number; perAccount: number; slowMs: number };

/**
 * Failed-credential protection for the token endpoint and sign-in, one rule:
 * - one client address failing for any accounts is refused (429) past `perAddress` a minute;
 * - one address failing for one account is refused past `perAccountAddress` a minute;
 * - one account failing from anywhere past `perAccount` a minute answers its
 *   failures `slowMs` later: guessing is slowed, the right credential from
 *   another address still succeeds at once, so a guesser cannot lock the owner out.
 */
export class CredentialGuard {
  private readonly address: Throttle;
  private readonly accountAddress: Throttle;
  private readonly account: Throttle;
  constructor(scope: string, private readonly limits: GuardLimits, envPrefix: string) {
    this.address = new Throttle(`${scope}:address`, limits.perAddress, 60, `${envPrefix}_FAILURES_PER_ADDRESS`);
    this.accountAddress = new Throttle(`${scope}:account+address`, limits.perAccountAddress, 60, `${envPrefix}_FAILURES_PER_ACCOUNT_ADDRESS`);
    this.account = new Throttle(`${scope}:account`, limits.perAccount, 60, `${envPrefix}_FAILURES_PER_ACCOUNT`);
  }

  /**
   * Seconds this address must wait before trying this account again, or 0. An
   * attempt that names no account (no or unreadable credentials) counts for its
   * address only: there is no account to protect, and no key to share with others.
   */
  async blockedFor(address: string, account: string): Promise<number> {
    if (!account) return this.address.blockedFor(address);
    const [a, b] = await Promise.all([this.address.blockedFor(address), this.accountAddress.blockedFor(`${account}\n${address}`)]);
    return Math.max(a, b);
  }

  /** Counts a failure; resolves after the slow-down when the account is being guessed from anywhere. */
  async failed(address: string, account: string): Promise<void> {
    if (!account) return void (await this.address.hit(address));
    const [, , acc] = await Promise.all([
      this.address.hit(address),
      this.accountAddress.hit(`${account}\n${address}`),
      this.account.hit(account),
    ]);
    if (acc.count > this.account.limit) await slowDown(this.limits.slowMs);
  }
}
