// The part of autocannon 9's Node API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
    };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      requests?: Request[];
    };
    type Histogram = { average: number; p50: number; p99: number; max: number };
    type Result = { duration: number; errors: number; timeouts: number; non2xx: number; latency: Histogram; requests: Histogram };
    type Instance = EventEmitter & { stop(): void };
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
