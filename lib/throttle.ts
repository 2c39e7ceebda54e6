// Failed-attempt throttling for secrets and passwords: after `limit` failures
// for a key within a minute, further attempts for it are refused until the
// minute has passed. In memory, bounded.

export class FailureThrottle {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until attempts are accepted again, or 0 when they are now. */
  blockedFor(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.limit) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.limit]! + this.windowMs - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) {
      this.failures.delete(this.failures.keys().next().value!); // oldest key
    }
    this.failures.set(key, list.slice(-this.limit));
  }
}

export { clientAddress } from "@/lib/net/client-address";
