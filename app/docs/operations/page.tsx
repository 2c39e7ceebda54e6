// Docs: running the portal for others — health, readiness, the drain, metrics.
// The series come from the metrics registry itself (lib/ops/metrics.ts) with
// what an alert on each means, so this page cannot miss one.
import type { Metadata } from "next";
import { C, H1, H2, P, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { DB_PROBE_MS, READY_RETRY_AFTER_SECONDS } from "@/lib/ops/health";
import { ALERTS, metrics } from "@/lib/ops/metrics";
import { LOG_FIELDS } from "@/lib/log";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Run it in production" };

export default async function OperationsPage() {
  const series = (await metrics().registry.getMetricsAsJSON()).filter((m) => m.name.startsWith("svc_"));
  return (
    <>
      <H1 eyebrow="Guide">Run it in production</H1>
      <P>
        What the team that hosts the portal reads: whether an instance lives, whether it should get traffic, and what it is doing. Several
        instances share one PostgreSQL database; a load balancer in front of them checks <C>/readyz</C>.
      </P>
      <H2 id="health">Liveness and readiness</H2>
      <DataTable label="Health endpoints" head={["Path", "Answers", "Use it for"]} rows={[
        [<C key="l">/livez</C>, <span key="a">200 <C>{"{\"ok\":true}"}</C> while the process serves</span>, "restarting a process that hangs (also at /healthz, its old name)"],
        [<C key="r">/readyz</C>, <span key="b">200 <C>{"{\"ok\":true}"}</C> when the instance has started, is not draining and its database answered within {DB_PROBE_MS / 1000} s; else 503 with <C>Retry-After: {READY_RETRY_AFTER_SECONDS}</C> and the error body saying why</span>, "taking an instance in and out of a load balancer"],
      ]} />
      <H2 id="drain">Stopping an instance</H2>
      <P>
        On <C>SIGTERM</C> an instance answers <C>/readyz</C> with 503 at once and goes on serving for <C>DRAIN_GRACE_SECONDS</C> (0 locally,
        5 when hosted), time for the balancer&apos;s next check to take it out. Then it stops accepting connections, finishes the calls and
        callback posts in flight (at most 15 s), and exits. A second signal exits at once.
      </P>
      <H2 id="metrics">Metrics</H2>
      <P>
        <C>GET /metrics</C> answers in Prometheus&apos; text format to a client on loopback, or to anyone sending{" "}
        <C>Authorization: Bearer $METRICS_TOKEN</C>; anyone else gets 404. Behind a balancer, list it in <C>TRUSTED_PROXIES</C> so the client
        address is the caller&apos;s, not the balancer&apos;s. Labels have bounded values only (never an app id, a path with ids or an
        address). Besides Node&apos;s process series (<C>process_cpu_seconds_total</C>, <C>nodejs_eventloop_lag_seconds</C>, memory, handles):
      </P>
      <DataTable label="Series" head={["Series", "Type", "What it counts", "An alert on it means"]} rows={series.map((m) => [
        <C key="n">{m.name}{m.name === "svc_http_requests_total" ? "{surface,status}" : m.name === "svc_callbacks_total" ? "{outcome}" : m.name === "svc_http_request_duration_seconds" ? "{surface}" : ""}</C>,
        m.type, m.help, ALERTS[m.name] ?? "",
      ])} />
      <P>
        <C>surface</C> is one of <C>gateway</C>, <C>devapi</C>, <C>console</C>, <C>docs</C>, <C>inspector</C>, <C>other</C>; <C>outcome</C> one
        of <C>delivered</C>, <C>failed</C>, <C>refused</C>.
      </P>
      <H2 id="logs">Logs</H2>
      <P>
        One logger writes every line of the process to stdout: with <C>LOG_FORMAT=json</C> (the default when hosted) one JSON object a line,
        with <C>LOG_FORMAT=text</C> (the default locally) the same line for people, <C>msg</C> then <C>field=value</C>. Every request has
        exactly one line, written when its answer is done, and its <C>requestId</C> is the answer&apos;s <C>x-request-id</C>: the id an
        integrator quotes finds it. A line never carries a token, secret, password, signature or body: a request&apos;s line has the fields
        below and no other, and those names are redacted wherever else they appear.
      </P>
      <DataTable label="Log fields" head={["Field", "What it is"]} rows={LOG_FIELDS.map(([field, what]) => [<C key="f">{field}</C>, what])} />
      <P>
        A request&apos;s line in JSON:{" "}
        <C>{`{"level":"info","time":"2026-11-28T09:30:00.123Z","requestId":"req_…","method":"POST","path":"/sandbox/collect/v1/push","status":202,"ms":12.4,"appId":"app_…","msg":"request"}`}</C>
      </P>
      <H2 id="settings">Settings</H2>
      <Ul>
        <li><C>DRAIN_GRACE_SECONDS</C>: how long a stopping instance goes on serving while not ready.</li>
        <li><C>LOG_FORMAT</C>: <C>json</C> or <C>text</C>; unset, JSON when hosted (<C>PUBLIC_URL</C> not loopback), text locally.</li>
        <li><C>METRICS_TOKEN</C>: the bearer token that opens <C>/metrics</C> to other than loopback.</li>
        <li><C>TRUSTED_PROXIES</C>: the balancers whose <C>X-Forwarded-For</C> and <C>X-Forwarded-Proto</C> count.</li>
      </Ul>
    </>
  );
}
