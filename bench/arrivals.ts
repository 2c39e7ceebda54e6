// One callback receiver for the load runs: it answers 200 and counts what
// arrives per path (each run posts its callbacks to a path of its own), each
// delivery once (`x-svc-delivery`; posts without it each count), and keeps no
// bodies, so a long run does not grow it.
import { startReceiver } from "../tests/helpers/receiver";

type Tally = { n: number; lastAt: number; ids: Set<string> };
export type Wait = { received: number; lastAt: number };

export type Arrivals = {
  url: string;
  count(path: string): number;
  /** Until `n` arrived at `path`, nothing new came for `quietMs`, or `timeoutMs` passed. */
  waitFor(path: string, n: number, opts?: { timeoutMs?: number; quietMs?: number }): Promise<Wait>;
  close(): Promise<void>;
};

export async function startArrivals(): Promise<Arrivals> {
  const tallies = new Map<string, Tally>();
  const tally = (path: string) => tallies.get(path) ?? tallies.set(path, { n: 0, lastAt: 0, ids: new Set() }).get(path)!;
  const receiver = await startReceiver((r) => {
    receiver.received.length = 0;
    const t = tally(r.path);
    const id = r.headers["x-svc-delivery"];
    if (typeof id === "string") {
      if (t.ids.has(id)) return { status: 200 };
      t.ids.add(id);
    }
    t.n++;
    t.lastAt = r.at;
    return { status: 200 };
  });
  return {
    url: receiver.url,
    count: (path) => tally(path).n,
    async waitFor(path, n, opts = {}) {
      const t = tally(path);
      const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
      let seen = t.n;
      let progressAt = Date.now();
      while (t.n < n && Date.now() < deadline && Date.now() - progressAt < (opts.quietMs ?? 5_000)) {
        await new Promise((r) => setTimeout(r, 20));
        if (t.n !== seen) [seen, progressAt] = [t.n, Date.now()];
      }
      return { received: t.n, lastAt: t.lastAt };
    },
    close: () => receiver.close(),
  };
}
