// Docs: running the portal for others — health, readiness, the drain, an outage, metrics.
// The series come from the metrics registry itself (lib/ops/metrics.ts) with
// what an alert on each means, so this page cannot miss one.
import fs from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import { C, H1, H2, H3, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { UNAVAILABLE_RETRY_AFTER_S } from "@/lib/errors";
import { DB_GATE_MS, DB_PROBE_MS, READY_RETRY_AFTER_SECONDS } from "@/lib/ops/health";
import { ALERTS, LABEL_NAMES, metrics } from "@/lib/ops/metrics";
import { LOG_FIELDS } from "@/lib/log";

export const dynamic = "force-dynamic";

const LABELS: Readonly<Record<string, readonly string[]>> = LABEL_NAMES;
/** The configurations shown here are the files served at /samples/… and run by tests/integration/balancer.test.ts. */
const sample = (file: string) => fs.readFileSync(path.join(process.cwd(), "public", "samples", file), "utf8");
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
      <H2 id="outage">While the database is away</H2>
      <P>
        Every instance goes on answering: the gateway and the developer API with 503 <C>SERVICE_UNAVAILABLE</C> and{" "}
        <C>Retry-After: {UNAVAILABLE_RETRY_AFTER_S}</C> (a call that did go through answers <C>DUPLICATE_REFERENCE</C> when sent again), and
        every page, console route and sign-in with 503 and <C>Retry-After</C> too, never a 500: pages show a &ldquo;temporarily
        unavailable&rdquo; page with the request id to quote, the console&apos;s JSON routes the error body. Before each of them the instance asks
        whether the database answers (a <C>SELECT 1</C> answered within {DB_GATE_MS / 1000} s; requests arriving together
        share one, and a &ldquo;no&rdquo; stands for a second); the built
        scripts and styles, the docs&apos; samples and the client packages under <C>/clients/</C> are served meanwhile. When the database is back, everything serves again within a
        second, with no restart; <C>svc_db_up</C> and <C>/readyz</C> say the same.
      </P>
      <H2 id="balancer">Behind a load balancer</H2>
      <P>
        Run two or more instances on one PostgreSQL database, each with <C>TRUSTED_PROXIES</C> set to the balancer&apos;s address and{" "}
        <C>DRAIN_GRACE_SECONDS</C> longer than the balancer needs to see a 503 (its check interval times the failures it waits for).
        HAProxy, the open-source version Debian ships, checks <C>/readyz</C> itself; this configuration is the one the portal&apos;s own
        tests run (two instances behind it, one stopped with <C>SIGTERM</C> and started again under load: every call answered, none 5xx,
        every callback delivered once):
      </P>
      <Ul>
        <li>
          <strong>Health</strong>: an active check of <C>GET /readyz</C> every 2 s, each waiting up to 2 s for the answer (<C>timeout check</C>:
          /readyz answers within {DB_PROBE_MS / 1000} s, a busy instance is not taken out for being slow); two 503s take an instance out (draining, its database
          away, still starting), two 200s put it back. Requests it is answering finish.
        </li>
        <li>
          <strong>Client address and scheme</strong>: the balancer sets <C>X-Forwarded-For</C> and <C>X-Forwarded-Proto</C> and removes
          the <C>X-Forwarded-Host</C>, <C>X-Forwarded-Port</C> and <C>Forwarded</C> a client sent; the instances believe them from{" "}
          <C>TRUSTED_PROXIES</C> only. Per-address limits then count the client, <C>/metrics</C> is open to a client on loopback, not
          to everyone the balancer forwards, and the console&apos;s check that a write comes from its own pages sees the address
          the client called, never a host or scheme the client claims in a header.
        </li>
        <li>
          <strong>Streams and waits</strong>: <C>GET /dev/v1/callbacks/wait</C> may send nothing for 60 s and the event stream{" "}
          <C>GET /dev/v1/inbox/stream</C> sends a heartbeat every 15 s, so both idle timeouts are 75 s; nothing is buffered (no
          compression, no request buffering). An instance that drains ends its streams; clients reconnect through the balancer and
          resume from their cursor.
        </li>
        <li>
          <strong>Retries</strong>: a request goes to another instance only when it never reached one (<C>retry-on conn-failure</C>,{" "}
          <C>option redispatch 1</C>: the connection was refused or not made). A request an instance received is never sent again: a
          POST may have been committed, and a second one would be a duplicate payment. A connection closed with no answer is a 502 to
          the client, whose own retry with the same reference gets the sandbox&apos;s duplicate answer.
        </li>
      </Ul>
      <Snippet title="haproxy.cfg (/samples/haproxy.cfg)" code={sample("haproxy.cfg")} lang="haproxy" scroll />
      <P>
        To restart an instance without a single 503 to anyone, send it <C>SIGTERM</C> and start it again: the grace covers the
        balancer&apos;s checks. On its runtime API (<C>stats socket</C>), <C>show servers state</C> says which instances are in service
        and <C>set server portal/portal1 addr … port …</C> points a server at an instance&apos;s new address.
      </P>
      <H3>nginx</H3>
      <P>
        Open-source nginx cannot check <C>/readyz</C>: its checks are passive. It takes an instance out only after a request to it
        failed to connect, never because it answers 503, so an instance whose database is away, or one still starting, keeps getting
        requests (answered 503), and a draining instance is taken out only once it refuses connections: the drain grace buys nothing.
        The request that met the refused connection goes to the next instance (<C>proxy_next_upstream error timeout</C>, without{" "}
        <C>non_idempotent</C>, so a POST that was sent is not sent again). Prefer HAProxy, or let your orchestrator remove an
        instance that fails <C>/readyz</C> from the upstream list.
      </P>
      <Snippet title="nginx (/samples/nginx.conf)" code={sample("nginx.conf")} lang="nginx" scroll />
      <H2 id="metrics">Metrics</H2>
      <P>
        <C>GET /metrics</C> answers in Prometheus&apos; text format to a client on loopback, or to anyone sending{" "}
        <C>Authorization: Bearer $METRICS_TOKEN</C>; anyone else gets 404. Behind a balancer, list it in <C>TRUSTED_PROXIES</C> so the client
        address is the caller&apos;s, not the balancer&apos;s. Labels have bounded values only (never an app id, a path with ids or an
        address). Besides Node&apos;s process series (<C>process_cpu_seconds_total</C>, <C>nodejs_eventloop_lag_seconds</C>, memory, handles):
      </P>
      <DataTable label="Series" head={["Series", "What it counts, and what an alert on it means"]} rows={series.map((m) => [
        <span key="n" className="block whitespace-nowrap">
          <C>{m.name}</C>
          <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">{m.type}{LABELS[m.name] ? `, by ${LABELS[m.name]!.join(", ")}` : ""}</span>
        </span>,
        <span key="h" className="block">
          {m.help}
          {ALERTS[m.name] && <span className="mt-1 block"><strong className="font-medium">Alert:</strong> {ALERTS[m.name]}</span>}
        </span>,
      ])} />
      <P>
        Scrape every instance, not the balancer: each series is per instance (Prometheus&apos; <C>instance</C> label). The
        exposition passes <C>promtool check metrics</C>; the portal&apos;s tests scrape two instances with this configuration:
      </P>
      <Snippet title="prometheus.yml (/samples/prometheus.yml)" code={sample("prometheus.yml")} lang="yaml" scroll />
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
        <li><C>TRUSTED_PROXIES</C>: the balancers whose <C>X-Forwarded-For</C> and <C>X-Forwarded-Proto</C> count (see <a className="text-emerald-700 underline" href="#balancer">Behind a load balancer</a>).</li>
      </Ul>
    </>
  );
}
