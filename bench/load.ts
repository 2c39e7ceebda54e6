// One autocannon run through its Node API. Latencies are taken from each
// response (fractional ms), not from autocannon's integer histogram, so that
// "latency − scripted delay" keeps sub-millisecond precision.
import autocannon from "autocannon";

export type Target = {
  /** Label of the route in the tables. */
  route: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** Expected status; anything else counts as an error. */
  status: number;
  /** A fresh body per request (Collect push needs a unique reference). */
  body?: () => string;
  /** The scripted delay the pipeline adds after its own work (0 at time scale 0). */
  delayMs: number;
};

export type LoadResult = {
  route: string;
  connections: number;
  rps: number;
  /** Seconds the load ran (autocannon's own measure). */
  durationS: number;
  p50: number;
  p99: number;
  p99All: number;
  count: number;
  errors: number;
  statuses: Record<string, number>;
};

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Latency percentiles are taken over the steady state: responses in the first
 * `rampMs` are left out, because autocannon opens every connection at the same
 * instant, and that first synchronized round queues behind itself. `p99All`
 * keeps them.
 */
export async function load(origin: string, t: Target, connections: number, opts: { durationS?: number; amount?: number; rampMs?: number }): Promise<LoadResult> {
  const latencies: number[] = [];
  const all: number[] = [];
  const rampEnd = performance.now() + (opts.rampMs ?? 0);
  const statuses: Record<string, number> = {};
  let errors = 0;
  const instance = autocannon({
    url: origin,
    connections,
    duration: opts.durationS ?? 10,
    amount: opts.amount,
    timeout: 30,
    requests: [
      {
        method: t.method,
        path: t.path,
        headers: t.headers,
        ...(t.body ? { setupRequest: (req: Record<string, unknown>) => ({ ...req, body: t.body!() }) } : {}),
      },
    ],
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== t.status) errors++;
    else {
      all.push(ms);
      if (performance.now() >= rampEnd) latencies.push(ms);
    }
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance.on("done", resolve);
    instance.on("error", reject);
  });
  latencies.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  return {
    route: t.route,
    connections,
    rps: all.length / result.duration,
    durationS: result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    p99All: percentile(all, 99),
    count: all.length,
    errors: errors + result.errors + result.timeouts,
    statuses,
  };
}
