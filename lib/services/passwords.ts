// Password hashing (scrypt: CPU-bound, on libuv's thread pool) waits its turn
// in one bounded queue per process: at most PASSWORD_HASHES_AT_ONCE run, at
// most PASSWORD_HASH_QUEUE wait, and past that a request is refused at once
// (429 RATE_LIMITED, HashingBusy) instead of queueing without bound — a burst
// of sign-ins from many addresses then answers "busy" to some, rather than
// making every sign-in (and everything else on the pool) wait seconds.
import { costOf, hashPassword as scryptHash, unmatchableHash as scryptUnmatchable, verifyPassword as scryptVerify } from "@/lib/crypto";
import { ApiError } from "@/lib/errors";
import { PASSWORD_HASH_COSTS } from "@/lib/config";
import { config, part, runtime } from "@/lib/runtime";

/** The queue is full: not an answer about the password (the sign-in guard gives its places back). */
export class HashingBusy extends ApiError {
  constructor() {
    super("RATE_LIMITED", "the server is busy checking passwords; try again in a moment", { "retry-after": "1" });
  }
}

const HASHING = part<{ running: number; waiting: (() => void)[] }>("hashing");
const queue = () => runtime().of(HASHING, () => ({ running: 0, waiting: [] }));

async function inTurn<T>(fn: () => Promise<T>): Promise<T> {
  const q = queue();
  if (q.running >= config.passwordHashesAtOnce) {
    if (q.waiting.length >= config.passwordHashQueue) throw new HashingBusy();
    await new Promise<void>((resolve) => q.waiting.push(resolve));
  } else {
    q.running++;
  }
  try {
    return await fn();
  } finally {
    const next = q.waiting.shift();
    if (next) next(); // the slot passes to the next in line
    else q.running--;
  }
}

export const hashPassword = (password: string) => inTurn(() => scryptHash(password, config.passwordHashCost));
export const verifyPassword = (password: string, stored: string) => inTurn(() => scryptVerify(password, stored, PASSWORD_HASH_COSTS.most));
/** What a password is checked against when there is no account: as costly as a hash made now. */
export const unmatchableHash = () => scryptUnmatchable(config.passwordHashCost);

/**
 * After a right password: its hash again at the setting's cost when the stored one has another, else
 * null. So a changed PASSWORD_HASH_COST reaches every account that signs in, and a known account's
 * check takes as long as an unknown one's (unmatchableHash). A full queue: null, next time.
 */
export async function rehashAtSettingCost(password: string, stored: string): Promise<string | null> {
  if (costOf(stored) === config.passwordHashCost) return null;
  return hashPassword(password).catch((e) => {
    if (e instanceof HashingBusy) return null;
    throw e;
  });
}
