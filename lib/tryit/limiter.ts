// A small fixed-window limiter per client address for the try-it route: clock
// minutes like the gateway's plan limit (same x-ratelimit-* headers), in memory,
// at most `maxKeys` addresses remembered. The route's one is a part of the
// process's runtime, on its clock.
import { rateHeaders, windowOf } from "@/lib/engine/rate-window";
import { config, nowDate, part, runtime } from "@/lib/runtime";

export class WindowLimiter {
  private counts = new Map<string, { window: number; count: number }>();
  constructor(
    readonly limit: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one call for `key`; returns whether it is allowed and the headers to send. */
  hit(key: string, now = nowDate()): { allowed: boolean; headers: Record<string, string> } {
    const window = windowOf(now);
    let entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      this.counts.delete(key);
      if (this.counts.size >= this.maxKeys) this.evict(window);
      entry = { window, count: 0 };
      this.counts.set(key, entry);
    }
    entry.count++;
    return { allowed: entry.count <= this.limit, headers: rateHeaders(this.limit, entry.count, now) };
  }

  get size() {
    return this.counts.size;
  }

  /** Drops past windows; when every address is current, the oldest inserted one. */
  private evict(window: number) {
    for (const [k, v] of this.counts) if (v.window !== window) this.counts.delete(k);
    if (this.counts.size >= this.maxKeys) this.counts.delete(this.counts.keys().next().value!);
  }
}

const LIMITER = part<WindowLimiter>("tryItLimiter");
/** Try-it calls per client address per clock minute (TRY_IT_PER_MINUTE, default 60): the runtime's one. */
export const tryItLimiter = (): WindowLimiter => runtime().of(LIMITER, () => new WindowLimiter(config.tryItPerMinute));
