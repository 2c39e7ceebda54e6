// Prometheus metrics (contract, "Added 2026-11-27": Operable), with prom-client:
// one registry per runtime, counted where the rules already live — the request
// listener (server/route.ts: every request, by surface and status) and the
// dispatcher (lib/callbacks/dispatcher.ts: every post, its outcome and lag).
// Labels have bounded values only: never an app id, a path with ids or an address.
// The docs page app/docs/operations lists every series and what an alert means.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { part, runtime } from "@/lib/runtime";
import { databaseAnswers } from "./health";

/** Where a request went: the label `surface` (server/route.ts decides it). */
export type Surface = "gateway" | "devapi" | "console" | "docs" | "inspector" | "other";
/** How a callback's post ended: answered 2xx, answered otherwise or not at all, or refused by the callback network policy (never posted). */
export type CallbackOutcome = "delivered" | "failed" | "refused";

export type Metrics = {
  registry: Registry;
  requests: Counter<"surface" | "status">;
  duration: Histogram<"surface">;
  callbacks: Counter<"outcome">;
  lag: Histogram;
  oldestDue: Gauge;
};

/** The labels of each labelled series (the docs' operations page lists them). */
export const LABEL_NAMES = {
  svc_http_requests_total: ["surface", "status"],
  svc_http_request_duration_seconds: ["surface"],
  svc_callbacks_total: ["outcome"],
} as const;

function make(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client's sums of three gauges end in _total, which Prometheus keeps for counters: `promtool check metrics`
  // refuses the exposition with them. Their gauges by type (nodejs_active_handles{type}, …) say the same.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
  const registers = [registry];
  const m: Metrics = {
    registry,
    requests: new Counter({ name: "svc_http_requests_total", help: "HTTP requests answered, by surface and status (0: the connection closed with no answer).", labelNames: LABEL_NAMES.svc_http_requests_total, registers }),
    duration: new Histogram({
      name: "svc_http_request_duration_seconds", help: "Time from a request's arrival to its answer, scripted delays included, by surface.", labelNames: LABEL_NAMES.svc_http_request_duration_seconds,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers,
    }),
    callbacks: new Counter({ name: "svc_callbacks_total", help: "Callback posts by the dispatcher, by outcome: delivered (2xx), failed (another status, a timeout, no connection), refused (the callback network policy).", labelNames: LABEL_NAMES.svc_callbacks_total, registers }),
    lag: new Histogram({ name: "svc_callback_lag_seconds", help: "How late a callback's post started after its due time.", buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300], registers }),
    oldestDue: new Gauge({ name: "svc_dispatcher_oldest_due_seconds", help: "How long the oldest scheduled callback has been due and not yet posted (0: none overdue), as this instance's dispatcher last saw it.", registers }),
  };
  for (const outcome of ["delivered", "failed", "refused"] as const) m.callbacks.inc({ outcome }, 0); // each outcome's series from the first scrape
  new Gauge({
    name: "svc_db_up", help: "1 when the database answered a statement within 1 s at this scrape, else 0.", registers,
    async collect() {
      this.set((await databaseAnswers()) ? 1 : 0);
    },
  });
  return m;
}

/** What an alert on each of the portal's own series means, and what to do (the docs' operations page lists them beside the registry's help). */
export const ALERTS: Readonly<Record<string, string>> = {
  svc_http_requests_total: "A rising share of 5xx on a surface (status=~\"5..\"): the gateway answers 503 while the database is away; anything else is a defect to report with its request id. 0 on gateway: connections closed with no answer (X-Svc-Fault: lost_response does it on purpose).",
  svc_http_request_duration_seconds: "The 99th percentile of the console or docs above a second or two: the instance is short of CPU or its database is slow. Gateway durations include the scripted delays and X-Svc-Time-Scale.",
  svc_callbacks_total: "failed rising is usually integrators' receivers being down (their concern); refused rising means callbacks aimed at addresses the callback network policy forbids.",
  svc_callback_lag_seconds: "Posts starting seconds after their due time: the dispatcher cannot keep up (CPU, database) or the per-destination budget is delaying them.",
  svc_dispatcher_oldest_due_seconds: "Above a few seconds for minutes on every instance: callbacks are not going out. Check the instances' logs and the database.",
  svc_db_up: "0: this instance cannot reach its database; /readyz answers 503 and a balancer takes it out. On every instance: the database is down.",
};

export const metrics = (): Metrics => runtime().of(part<Metrics>("metrics"), make);

/** One answered request (server/route.ts). */
export function countRequest(surface: Surface, status: number, seconds: number): void {
  const m = metrics();
  m.requests.inc({ surface, status: String(status) });
  m.duration.observe({ surface }, seconds);
}

/** One callback post by the dispatcher: its outcome, and how late it started after its due time. */
export function countCallback(outcome: CallbackOutcome, lateSeconds: number): void {
  const m = metrics();
  m.callbacks.inc({ outcome });
  m.lag.observe(Math.max(0, lateSeconds));
}
