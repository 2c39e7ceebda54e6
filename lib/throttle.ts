// Throttles: counters per (scope, subject) in fixed windows, kept in the
// database (model Throttle) so every instance of the portal counts the same
// attempts. Counting is one statement that adds and answers the new count
// (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`), so concurrent requests,
// on one instance or several, each get their own place in the count and
// exactly `limit` of them pass. A request is counted before its work, and
// refused when its place is past the limit. Keys are hashes, so a subject of
// any length costs one short key; rows of past windows are deleted at most
// once a minute per process, so the table holds the live windows' subjects only.
import { pruneThrottles, refundThrottle, takeThrottle, type Counter as Raw } from "@/lib/rows";
import { config, nowMs, part, runtime } from "@/lib/runtime";
import { sha256 } from "@/lib/crypto";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";

export { clientAddress } from "@/lib/net/client-address";

const PRUNE_EVERY_MS = 60_000;
const PRUNED_AT = part<number>("throttlePrunedAt");


export type Taken = {
  /** Of the `n` asked for, how many fit under the limit (all or nothing for n = 1). */
  granted: number;
  /** All `n` fit. */
  allowed: boolean;
  /** The count in this window after this request's own. */
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
};
/**
 * The throttles counted per app (subject = the app id). A deleted throwaway
 * sandbox's counters go with it (lib/services/sandbox-sweep.ts): every per-app
 * throttle takes its scope from here.
 */
export const APP_THROTTLES = {
  inspect: "inspect:app", inspectOwn: "inspect:own", resend: "resend:app", reset: "reset:app", sandboxCreate: "sandbox:create",
  receiverCheck: "receiver-check:family",
} as const;

/** The row key of `subject`'s counter in `scope` (a hash: any subject costs one short key). */
export const throttleKey = (scope: string, subject: string) => sha256(`${scope}\n${subject}`);

/** How many a request counts (1 by default), and when (now on the process's clock, lib/runtime.ts, by default). */
export type Count = { n?: number; now?: number };

/** What a throttle counts on: the process's client, or a transaction's (`Throttle.on`). */
type Counter = Raw & Pick<Db, "throttle">;

export class Throttle {
  constructor(
    readonly scope: string,
    private readonly fallback: number,
    readonly windowS: number,
    /** The setting that overrides the limit (lib/config.ts `throttleLimits`), read from the current portal's config. */
    private readonly setting?: string,
    private readonly db: Counter = defaultDb,
  ) {}

  get limit(): number {
    return (this.setting && config.throttleLimits[this.setting]) || this.fallback;
  }

  /** The same counters, counted inside the transaction `tx` (`takeTogether`, lib/devapi/receiver-checks.ts). */
  on(tx: Counter): Throttle {
    return new Throttle(this.scope, this.limit, this.windowS, undefined, tx);
  }

  /** `subject`'s count, its counter locked until the transaction this throttle is `on` ends (a take of 0). */
  lock(subject: string, now = nowMs()): Promise<Taken> {
    return this.take(subject, { n: 0, now });
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
  async count(subject: string, now = nowMs()): Promise<number> {
    const { key, window } = this.at(subject, now);
    const row = await this.db.throttle.findUnique({ where: { key } });
    return row && row.window === window ? row.count : 0;
  }

  /**
   * Counts `n` for `subject` in one statement and answers how many of them fit
   * under the limit. A row of an older window starts over; a request that
   * arrives late with an older window (another instance's clock) counts in the newer one.
   */
  async take(subject: string, { n = 1, now = nowMs() }: Count = {}): Promise<Taken> {
    const { key, window, expiresAt, retryAfter } = this.at(subject, now);
    const count = await takeThrottle(this.db, { key, window, n, expiresAt });
    void prune(now);
    const granted = Math.max(0, Math.min(n, this.limit - (count - n)));
    return { granted, allowed: granted === n, count, retryAfter };
  }

  /** Gives back `n` counted for `subject` in this window (a request that was refused, or that turned out not to count). */
  async refund(subject: string, { n = 1, now = nowMs() }: Count = {}): Promise<void> {
    if (n <= 0) return;
    const { key, window } = this.at(subject, now);
    await refundThrottle(this.db, { key, window, n });
  }

  /** Counts one and refuses (429 RATE_LIMITED, `message(retryAfter)`) past the limit; the refused one is given back. */
  async enforce(subject: string, message: (retryAfter: number) => string, now = nowMs()): Promise<void> {
    const t = await this.take(subject, { now });
    if (t.allowed) return;
    await this.refund(subject, { now });
    throw new ApiError("RATE_LIMITED", message(t.retryAfter), { "retry-after": String(t.retryAfter) });
  }
}

/**
 * One place in each of `places` (a throttle and its subject), or none: in one
 * transaction each counter is counted in the order given (callers keep one
 * order, so two never wait for each other), and the transaction is rolled
 * back at the first that has no room. Each count holds its row until the end,
 * so a refused request's counts are never seen by another, on any instance:
 * it never refuses one that had room. Answers which place had no room (its
 * index and retryAfter), or null when all were counted. Requests for one row
 * queue on it: the price of "all or none" being exact.
 */
export async function takeTogether(places: readonly (readonly [Throttle, string])[], now = nowMs()): Promise<{ index: number; retryAfter: number } | null> {
  try {
    return await defaultDb.$transaction(async (tx) => {
      for (const [index, [t, subject]] of places.entries()) {
        const taken = await t.on(tx).take(subject, { now });
        if (!taken.allowed) throw new NoRoom(index, taken.retryAfter); // rolls every count of this request back
      }
      return null;
    });
  } catch (e) {
    if (e instanceof NoRoom) return { index: e.index, retryAfter: e.retryAfter };
    throw e;
  }
}
class NoRoom extends Error {
  constructor(readonly index: number, readonly retryAfter: number) {
    super("no room");
  }
}

/** Deletes past windows' rows; on PostgreSQL not those a transaction holds (`Throttle.on`): waiting there could close a cycle. */
async function prune(now: number) {
  const rt = runtime();
  if (now - (rt.get(PRUNED_AT) ?? 0) < PRUNE_EVERY_MS) return;
  rt.set(PRUNED_AT, now);
  await pruneThrottles(defaultDb, new Date(now)).catch(() => {});
}

/** Waits `ms`: how per-account protection slows a guesser without refusing the right credential. */
export const slowDown = (ms: number) => new Promise((r) => setTimeout(r, ms));

type GuardLimits = { perAddress: number; perAccountAddress: number; perAccount: number; slowMs: number; successesPerAccountAddress?: number };

/**
 * Credential protection for the token endpoint and every password check
 * (sign-in, password change, account deletion), one rule:
 * - one client address failing for any accounts is refused (429) past `perAddress` a minute;
 * - one address failing for one account is refused past `perAccountAddress` a minute;
 * - with `successesPerAccountAddress`, one address succeeding for one account is
 *   refused past that many a minute (each success costs a password hash);
 * - one account failing from anywhere past `perAccount` a minute answers its
 *   failures `slowMs` later: guessing is slowed, the right credential from
 *   another address still succeeds at once, so a guesser cannot lock the owner out.
 * Each attempt takes its place in every count at once before the check runs
 * (`takeTogether`: so a burst of parallel attempts gets exactly the limit checked), and gives back the
 * places its outcome does not use: a success its failure places, a failure its
 * success place.
 */
export class CredentialGuard {
  private readonly address: Throttle;
  private readonly accountAddress: Throttle;
  private readonly account: Throttle;
  private readonly successes: Throttle | null;
  constructor(scope: string, private readonly limits: GuardLimits, envPrefix: string) {
    this.address = new Throttle(`${scope}:address`, limits.perAddress, 60, `${envPrefix}_FAILURES_PER_ADDRESS`);
    this.accountAddress = new Throttle(`${scope}:account+address`, limits.perAccountAddress, 60, `${envPrefix}_FAILURES_PER_ACCOUNT_ADDRESS`);
    this.account = new Throttle(`${scope}:account`, limits.perAccount, 60, `${envPrefix}_FAILURES_PER_ACCOUNT`);
    this.successes = limits.successesPerAccountAddress
      ? new Throttle(`${scope}:successes`, limits.successesPerAccountAddress, 60, `${envPrefix}_SUCCESSES_PER_ACCOUNT_ADDRESS`)
      : null;
  }

  /**
   * Runs `check` (the password or secret comparison) when this address may try
   * this account now; answers its result (null: the credential was wrong).
   * Refused: 429 RATE_LIMITED with retry-after, `check` not run. An attempt
   * that names no account (no or unreadable credentials) counts for its
   * address only: there is no account to protect, and no key to share with others.
   */
  async attempt<T>(address: string, account: string, check: () => Promise<T | null>, refusal: string): Promise<T | null> {
    const now = nowMs();
    const pair = `${account}\n${address}`;
    const places: [Throttle, string][] = [[this.address, address]];
    if (account) {
      places.push([this.accountAddress, pair]);
      if (this.successes) places.push([this.successes, pair]);
    }
    // All places or none, in one transaction: an attempt refused by one count never holds a place in
    // another meanwhile, which would refuse an attempt that had room (100 at once checked fewer than the limit).
    const full = await takeTogether(places, now);
    if (full) throw new ApiError("RATE_LIMITED", `${refusal}; try again in ${full.retryAfter} s`, { "retry-after": String(full.retryAfter) });
    const giveBack = (which: (t: Throttle) => boolean) =>
      Promise.all(places.map(([t, subject]) => (which(t) ? t.refund(subject, { now }) : undefined)));
    let result: T | null;
    try {
      result = await check();
    } catch (e) {
      await giveBack(() => true); // not an answer about the credential (busy, database): nothing counts
      throw e;
    }
    if (result !== null) {
      await giveBack((t) => t !== this.successes);
      return result;
    }
    await giveBack((t) => t === this.successes);
    if (account && (await this.account.take(account, { now })).count > this.account.limit) await slowDown(this.limits.slowMs);
    return null;
  }
}
