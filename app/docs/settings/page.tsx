// Docs: every setting (environment variable) with its default and meaning.
import type { Metadata } from "next";
import { C, H1, P } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

/** Each row's anchor (/docs/settings#public-url): its first variable's name, lower-case with hyphens. */
const SETTING_IDS = ["port", "host", "public-url", "database-url", "data-dir", "auth-secret", "pg-pool-max", "request-log-limit", "inbox-limit", "resource-limit", "delivery-limit", "trusted-proxies", "callback-policy", "callback-ports", "token-failures-per-address", "signin-failures-per-address", "signin-successes-per-account-address", "password-hashes-at-once", "signups-per-hour", "smtp-url", "mail-from", "reset-link-seconds", "reset-requests-per-address", "apps-per-user", "inspect-per-minute", "inbox-bytes-limit", "callbacks-per-host-per-minute", "resends-per-minute", "resets-per-minute", "drain-grace-seconds", "metrics-token", "log-format", "receiver-checks-at-once", "receiver-checks-per-host-at-once", "receiver-check-limit", "relay-limit", "waits-per-app", "float-default", "held-timeout-seconds", "try-it-per-minute", "sandboxes-per-app", "sandbox-sweep-ms", "test-clock"];

export default function SettingsPage() {
  return (
    <>
      <H1 eyebrow="Guide">Settings</H1>
      <P>Every setting is an environment variable, and every one is optional: the defaults suit one developer on their own machine. The server and the operator command line read the same ones. What changes when the portal is hosted for others: <a className="text-emerald-700 underline" href="/docs/hosting">Several instances and hosting</a>.</P>
      <DataTable label="Settings" head={["Setting", "Default", "Meaning"]} rowIds={SETTING_IDS} rows={[
        [<span key="0"><C>PORT</C></span>, <span key="1"><C>3000</C></span>, <span key="2">where <C>npm start</C> listens; <C>0</C> takes a port the system picks, which the start line reports (<C>[server] portal on … (listening on 127.0.0.1:43117)</C>)</span>],
        [<span key="3"><C>HOST</C></span>, <span key="4">hosted: all interfaces; local: <C>127.0.0.1</C></span>, <span key="5">the address to listen on; a non-loopback <C>HOST</C> in local mode starts with a warning (see <a className="text-emerald-700 underline" href="/docs/hosting#where-it-listens">Where it listens</a>)</span>],
        [<span key="6"><C>PUBLIC_URL</C></span>, <span key="7"><C>http://localhost:$PORT</C> (<C>http://$HOST:$PORT</C> when <C>HOST</C> is an IPv4 loopback address such as <C>127.0.0.1</C>)</span>, <span key="8">the origin used in generated addresses (inspector URL, docs, OpenAPI <C>servers</C>, curl lines); <C>https://…</C> makes the cookies <C>Secure</C> (the session cookie <C>__Secure-authjs.session-token</C>), whatever a proxy forwards</span>],
        [<span key="9"><C>DATABASE_URL</C></span>, <span key="10"><C>file:./data/sandbox.db</C></span>, <span key="11"><C>file:…</C> is a SQLite file; <C>postgres://…</C> or <C>postgresql://…</C> is PostgreSQL (<a className="text-emerald-700 underline" href="/docs/hosting#instances">several instances</a>); anything else stops the server and the command line with a message</span>],
        [<span key="12"><C>DATA_DIR</C></span>, <span key="13"><C>./data</C></span>, <span key="14">a writable folder of the portal&apos;s own files: the session-signing secret on SQLite, the compiled client packages (<C>client-packages/</C>, compiled when the server starts if missing, shared by every server on the folder whatever its address)</span>],
        [<span key="15"><C>AUTH_SECRET</C></span>, <span key="16">generated on first start: into <C>data/auth-secret</C> (SQLite), into the database (PostgreSQL)</span>, "signs console sessions"],
        [<span key="17"><C>PG_POOL_MAX</C></span>, <span key="18"><C>10</C></span>, "PostgreSQL connections per instance for the gateway and the callbacks (Prisma keeps 4 more for the console and the CLI, the callbacks 1 to listen)"],
        [<span key="19"><C>REQUEST_LOG_LIMIT</C></span>, <span key="20"><C>10000</C></span>, "request-log rows kept per app (newest)"],
        [<span key="21"><C>INBOX_LIMIT</C></span>, <span key="22"><C>1000</C></span>, "inspector entries kept per app (newest)"],
        [<span key="23"><C>RESOURCE_LIMIT</C></span>, <span key="24"><C>10000</C></span>, "prompts, payouts, verifications and messages kept per app (newest); older ids answer the scripted default and their references are free again"],
        [<span key="25"><C>DELIVERY_LIMIT</C></span>, <span key="26"><C>10000</C></span>, "callback deliveries kept per app (newest; those still to be sent are never dropped)"],
        [<span key="27"><C>TRUSTED_PROXIES</C></span>, "—", <span key="28">comma list of IPs / CIDR ranges of your reverse proxies; only their <C>x-forwarded-for</C> counts (<a className="text-emerald-700 underline" href="/docs/hosting#client-addresses">Client addresses</a>)</span>],
        [<span key="29"><C>CALLBACK_POLICY</C></span>, <span key="30">from <C>PUBLIC_URL</C></span>, <span key="31"><C>public</C>: callbacks to public addresses only; <C>local</C>: loopback and private allowed (<a className="text-emerald-700 underline" href="/docs/hosting#callback-network-policy">Callback network policy</a>)</span>],
        [<span key="32"><C>CALLBACK_PORTS</C></span>, <span key="33"><C>80,443</C></span>, <span key="34">hosted: the ports callbacks may go to (<C>any</C> for every port); a bad value stops the start</span>],
        [<span key="35"><C>TOKEN_FAILURES_PER_ADDRESS</C> / <C>_PER_ACCOUNT_ADDRESS</C> / <C>_PER_ACCOUNT</C></span>, <span key="36"><C>100</C> / <C>10</C> / <C>10</C></span>, "failed token requests a minute: from one address (429), for one key from one address (429), for one key from anywhere (slowed by 1 s)"],
        [<span key="37"><C>SIGNIN_FAILURES_PER_ADDRESS</C> / <C>_PER_ACCOUNT_ADDRESS</C> / <C>_PER_ACCOUNT</C></span>, <span key="38"><C>20</C> / <C>5</C> / <C>10</C></span>, "the same for every password check (sign-in, password change, account deletion)"],
        [<span key="39"><C>SIGNIN_SUCCESSES_PER_ACCOUNT_ADDRESS</C></span>, <span key="40"><C>10</C></span>, "successful password checks a minute for one account from one address"],
        [<span key="41"><C>PASSWORD_HASHES_AT_ONCE</C> / <C>PASSWORD_HASH_QUEUE</C></span>, <span key="42"><C>2</C> / <C>16</C></span>, "password hashes (scrypt) running at once per instance, and waiting; more answer \"busy\" (429)"],
        [<span key="43"><C>SIGNUPS_PER_HOUR</C></span>, <span key="44"><C>10</C></span>, "sign-ups per client address per hour"],
        [<span key="45"><C>SMTP_URL</C></span>, "—", <span key="46">where the portal&apos;s mail (password-reset links) goes: <C>smtp://user:pass@host:587</C> (STARTTLS when offered) or <C>smtps://…:465</C>; unset, each mail is written to the server&apos;s log instead</span>],
        [<span key="47"><C>MAIL_FROM</C></span>, <span key="48"><C>{"Svc Sandbox <no-reply@HOST>"}</C> (<C>HOST</C> from <C>PUBLIC_URL</C>)</span>, "the sender of that mail"],
        [<span key="49"><C>RESET_LINK_SECONDS</C></span>, <span key="50"><C>3600</C></span>, "how long a password-reset link works"],
        [<span key="51"><C>RESET_REQUESTS_PER_ADDRESS</C> / <C>RESET_MAILS_PER_ACCOUNT</C></span>, <span key="52"><C>10</C> / <C>3</C></span>, "reset links asked for per client address per hour (past it: refused with a message); reset mails per email per hour (past it: the same answer, no mail)"],
        [<span key="53"><C>APPS_PER_USER</C> / <C>KEY_PAIRS_PER_APP</C></span>, <span key="54"><C>20</C> / <C>20</C></span>, "apps per team (an account's own team keeps the cap accounts had), key pairs per app"],
        [<span key="t1"><C>MEMBERS_PER_TEAM</C> / <C>PENDING_INVITATIONS_PER_TEAM</C> / <C>TEAMS_PER_USER</C></span>, <span key="t2"><C>50</C> / <C>20</C> / <C>20</C></span>, "teams (/docs/teams): members of a team, its invitations not yet accepted, teams one account may be in"],
        [<span key="t3"><C>INVITATIONS_PER_TEAM_PER_HOUR</C> / <C>INVITATIONS_PER_ADDRESS_PER_HOUR</C></span>, <span key="t4"><C>20</C> / <C>3</C></span>, "invitations a team may send an hour, and one address may receive"],
        [<span key="t5"><C>INVITATION_SECONDS</C></span>, <span key="t6"><C>604800</C></span>, "how long an invitation's link stays valid (7 days)"],
        [<span key="t7"><C>AUDIT_LIMIT</C></span>, <span key="t8"><C>10000</C></span>, "audit entries kept per team and per account, the oldest out first"],
        [<span key="55"><C>INSPECT_PER_MINUTE</C> / <C>INSPECT_OWN_PER_MINUTE</C> / <C>INSPECT_PER_ADDRESS_PER_MINUTE</C></span>, <span key="56"><C>120</C> / <C>600</C> / <C>60</C></span>, "inspector POSTs a minute: per app from others, per app from its own callbacks, per sender over all inspectors"],
        [<span key="57"><C>INBOX_BYTES_LIMIT</C></span>, <span key="58"><C>16777216</C></span>, "bytes an app's inbox keeps (oldest dropped)"],
        [<span key="59"><C>CALLBACKS_PER_HOST_PER_MINUTE</C></span>, <span key="60"><C>300</C></span>, "callbacks posted a minute to one destination host over the whole portal (deliveries, replays, resends of every app); past it a delivery waits for the next minute, never dropped"],
        [<span key="61"><C>RESENDS_PER_MINUTE</C> / <C>ATTEMPTS_PER_DELIVERY</C></span>, <span key="62"><C>60</C> / <C>25</C></span>, "callbacks posted again per app per minute (Send it again, Send copy, each replayed delivery); attempts one delivery can have"],
        [<span key="63"><C>RESETS_PER_MINUTE</C></span>, <span key="64"><C>30</C></span>, "resets of an app's data per minute"],
        [<span key="65"><C>DRAIN_GRACE_SECONDS</C></span>, <span key="66"><C>0</C> locally, <C>5</C> hosted</span>, <span key="67">on SIGTERM, how long the instance goes on serving while <C>/readyz</C> answers 503, before it drains</span>],
        [<span key="68"><C>METRICS_TOKEN</C></span>, "—", <span key="69">a bearer token that opens <C>/metrics</C> to clients other than loopback (unset: loopback only; anyone else 404)</span>],
        [<span key="70"><C>LOG_FORMAT</C></span>, <span key="71"><C>text</C> locally, <C>json</C> hosted</span>, <span key="72"><C>json</C>: one JSON object a line on stdout (<C>time</C>, <C>level</C>, <C>msg</C>; a request&apos;s line <C>requestId</C> — its answer&apos;s <C>x-request-id</C> —, <C>method</C>, <C>path</C> without the query, <C>status</C>, <C>ms</C>, <C>appId</C>); <C>text</C>: the same lines for people. Never a token, secret, password, signature or body; the fields: <C>/docs/operations#logs</C></span>],
        [<span key="73"><C>RECEIVER_CHECKS_AT_ONCE</C> / <C>RECEIVER_CHECKS_PER_MINUTE</C></span>, <span key="74"><C>5</C> / <C>30</C></span>, "receiver checks running at once and started a minute per family (an app and its throwaway sandboxes together)"],
        [<span key="75"><C>RECEIVER_CHECKS_PER_HOST_AT_ONCE</C> / <C>RECEIVER_CHECKS_PER_HOST_PER_MINUTE</C></span>, <span key="76"><C>20</C> / <C>120</C></span>, "receiver checks running at once and started a minute at one destination host, over the whole portal"],
        [<span key="77"><C>RECEIVER_CHECK_LIMIT</C></span>, <span key="78"><C>100</C></span>, "receiver checks kept per app (newest)"],
        [<span key="relay"><C>RELAY_LIMIT</C></span>, <span key="relay-d"><C>1000</C></span>, <span key="relay-m">what listeners (<C>sandbox.mjs listen</C>) relayed, kept per app (newest)</span>],
        [<span key="79"><C>WAITS_PER_APP</C> / <C>LISTEN_STREAMS_PER_APP</C> / <C>HELD_CONNECTIONS_PER_ACCOUNT</C> / <C>HELD_CONNECTIONS_PER_INSTANCE</C></span>, <span key="80"><C>20</C> / <C>10</C> / <C>50</C> / <C>500</C></span>, "connections held open (callback waits, listeners' streams) per instance: per app, per team (all its apps), in all"],
        [<span key="81"><C>FLOAT_DEFAULT</C></span>, <span key="82"><C>1000000</C></span>, "an app's float in each currency until it is set, and after a reset"],
        [<span key="83"><C>HELD_TIMEOUT_SECONDS</C></span>, <span key="84"><C>86400</C></span>, <span key="85">a held prompt nobody resolved within this long resolves as <C>no_answer</C> (each instance looks every tenth of it, at least every second, at most every minute)</span>],
        [<span key="86"><C>TRY_IT_PER_MINUTE</C></span>, <span key="87"><C>60</C></span>, "try-it calls per client address per minute"],
        [<span key="88"><C>SANDBOXES_PER_APP</C> / <C>SANDBOX_CREATES_PER_MINUTE</C></span>, <span key="89"><C>50</C> / <C>60</C></span>, "live throwaway sandboxes per app; sandboxes an app makes per minute"],
        [<span key="90"><C>SANDBOX_SWEEP_MS</C> / <C>SANDBOX_SWEEP_BATCH</C></span>, <span key="91"><C>15000</C> / <C>500</C></span>, "how often each instance deletes ended sandboxes; rows one delete statement takes"],
        [<span key="92"><C>TEST_CLOCK</C></span>, "—", <span key="93">the integration tests&apos; servers only: <C>1</C> runs the server on a test clock that <C>POST /__clock/advance?ms=N</C> from a loopback address moves on (sandboxes&apos; ends, held expiry, rate windows, lockouts, reset links, try-it&apos;s limiter and callbacks&apos; due times with it, the console&apos;s pages too; ARCHITECTURE.md &quot;The clock&quot;); never set it in use</span>],
      ]} />
      <P>Everything the portal keeps is in <C>data/</C> (git-ignored): back it up, or delete it to start over. On PostgreSQL everything is in the database.</P>
    </>
  );
}
