#!/usr/bin/env node
// sandbox.mjs — the Svc Sandbox command line for integrators.
//
// One file, no dependencies, Node 18 or newer. Download it from your portal
// (<origin>/cli/sandbox.mjs) or run it from the repository (node cli/sandbox.mjs).
// Keys come from flags or the environment (SANDBOX_KEY, SANDBOX_SECRET,
// SANDBOX_URL = the portal's origin). `node sandbox.mjs --help` lists the commands.
//
// Sections: usage texts · arguments · errors · tokens and calls · listen
// (stream, relay, report, cursor) · the other commands · throwaway sandboxes · main.

import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { parseArgs as nodeParseArgs } from "node:util";

/** This file's version (`--version`); raised when its commands or options change. */
const VERSION = "1.3.1";

// ---- usage texts ------------------------------------------------------------------

const CONNECTION = `Connection (flags, else environment):
  --url <origin>      the portal, e.g. http://localhost:3000   (SANDBOX_URL; also --portal)
  --key <key>         consumer key                             (SANDBOX_KEY)
  --secret-file <f>   read the consumer secret from a file     (else SANDBOX_SECRET)
  --secret-stdin      read the consumer secret from stdin
  --secret <secret>   the secret itself: other users of the machine can read it
                      in the process list, so prefer the three above`;

const USAGE = {
  main: `sandbox.mjs — the Svc Sandbox command line

Usage: node sandbox.mjs <command> [options]

Commands:
  listen     relay the app's callbacks to a server on your machine
  check      check your callback receiver: signatures, timestamps, repeats
  call       make one gateway call and print the answer
  settings   read or change the app's developer settings
  float      read or set the app's float (what payouts are paid out of)
  faults     read, set or clear the app's fault plan (which calls get which fault)
  rehearse   run your own tests under a fault plan, then print the client checks
  resolve    decide a held payment prompt, payout or message
  timeline   print everything that happened to one resource
  sandbox    make, list and end throwaway sandboxes (one per CI job)
  token      print an access token

Run "node sandbox.mjs <command> --help" for a command's options;
"node sandbox.mjs --version" (or -v) prints the version. "--" ends the
options: what follows is taken as it is (e.g. a path starting with "-").

${CONNECTION}`,
  listen: `Usage: node sandbox.mjs listen --forward-to <url> [options]

Relays every callback of the app that reaches its inspector address to <url>,
with the same body and headers (x-svc-delivery, x-svc-signature, webhook-*), so
your signature check runs unchanged; other requests to that address are not
relayed (--include-foreign relays them too, with a callback's headers only). Prints one line per callback and reports your
server's answer to the portal, where the console shows it beside the inbox entry
and the delivery. Stopped and started again, it first relays what arrived while
it was away (the cursor is kept in a file). Reconnects by itself.

Options:
  --forward-to <url>   where to POST each callback (required), e.g. http://localhost:8080/callbacks
                       or localhost:8080/callbacks (no scheme: http)
  --operation <op>     relay only the callbacks of one operation, e.g. collect.push
                       (or collectPush); the others are passed over
  --all                also a copy of every callback the app sends to other addresses
                       (signed when relayed, with the app's signing secret)
  --include-foreign    also relay requests to the inspector address that are not the
                       app's own callbacks (anyone who knows the address can post there)
  --no-replay          skip what arrived while this listener was stopped
  --cursor-file <f>    where to keep the cursor (default: one file per portal and app
                       under $XDG_CONFIG_HOME/svc-sandbox or ~/.config/svc-sandbox)
  --name <name>        how this listener is named in the console (default: host and pid)
  --json               one JSON object per event on stdout

${CONNECTION}`,
  check: `Usage: node sandbox.mjs check --url <your callback URL> [--operation <id>] [--json]

Runs the receiver checks (POST /dev/v1/receiver-checks): the portal posts a
battery of callbacks to your receiver and judges its answers. A correct
receiver accepts a correctly signed callback (valid) and a repeat of it
(duplicate), and refuses one whose body changed after signing (tampered_body),
one signed with another secret (wrong_secret), one 10 minutes old or ahead
(stale_timestamp, future_timestamp) and one without signature (unsigned).
Prints each case, and for a failed one why and what to do. Exits 1 when any
case fails.

A server on your machine behind a hosted portal: run "listen --forward-to" with
its address, and check the app's inspector address (<portal>/inspect/<appId>).

Options:
  --url <url>          your callback receiver (for this command --url is the
                       receiver: give the portal with --portal or SANDBOX_URL)
  --operation <id>     whose callback body to send, e.g. collect.push (default:
                       the first of your subscribed operations that calls back)
  --json               print the whole check as JSON

Connection (flags, else environment):
  --portal <origin>   the portal, e.g. http://localhost:3000   (SANDBOX_URL)
  --key <key>         consumer key                             (SANDBOX_KEY)
  --secret-file <f>   read the consumer secret from a file     (else SANDBOX_SECRET)
  --secret-stdin      read the consumer secret from stdin
  --secret <secret>   the secret itself: other users of the machine can read it
                      in the process list, so prefer the three above`,
  call: `Usage: node sandbox.mjs call <METHOD> <path> [--data <json> | -d @file] [--scenario <key>] [options]

Makes one gateway call under {base_url} (e.g. POST /collect/v1/push) with a token
of its own, prints the answer's body on stdout and its status on stderr. Exits 1
when the answer is 4xx or 5xx.

Options:
  --data, -d <json>    the JSON body; @file reads it from a file (@- from stdin)
  --scenario <key>     force a scenario (X-Svc-Scenario header)
  --time-scale <s>     scale the call's scripted delays, 0 to 1 (X-Svc-Time-Scale header)
  --header, -H <K:V>   send a header (repeatable), e.g. --header "X-Svc-Scenario: paid"
  --json               print {"status", "requestId", "scenario", "body"} instead

${CONNECTION}`,
  settings: `Usage: node sandbox.mjs settings [options]

Prints the app's developer settings (GET /dev/v1/settings). With any option,
changes those settings first (PATCH /dev/v1/settings); the others stay as they are.

  --time-scale <s>             the default factor on scripted delays: 0 = instant, 1 = the spec's timings
  --duplicate on|off           send every callback twice, with the same delivery id
  --bad-signature on|off       sign callbacks with a wrong secret
  --extra-delay-ms <n>         send callbacks this many ms late
  --inspector-status <n>       the status the app's inspector answers with (200–599)
  --inspector-delay-ms <n>     how long the inspector waits before answering
  --inspector-fail-first <n>   the inspector answers 500 to the first n attempts of each callback

Example: node sandbox.mjs settings --time-scale 0 --duplicate on --inspector-fail-first 2

${CONNECTION}`,
  float: `Usage: node sandbox.mjs float [set <currency> <available>] [--json]

Prints the app's float in each currency (GET /dev/v1/float): available (free to
pay out) and reserved (held by payouts still QUEUED). "float set KES 5000" sets
what is available in KES (PUT /dev/v1/float/KES) and keeps the reserves; a
payout larger than what is available runs float_low.

  --json   print the answer as JSON

Example: node sandbox.mjs float set KES 5000

${CONNECTION}`,
  faults: `Usage: node sandbox.mjs faults [--json]
       node sandbox.mjs faults set|add <operation> <fault> (--every <n> | --first <n> | --probability <p> [--seed <s>])
       node sandbox.mjs faults clear

The app's fault plan (faultPlan in PATCH /dev/v1/settings): calls of an
operation without an X-Svc-Fault header get the fault of the first rule that
picks their number (1, 2, 3… since the plan was set; the header wins). "set"
replaces the plan with one rule, "add" appends one (at most 20), "clear" empties
it; without an action, prints it.

  --every <n>          every nth call of the operation
  --first <n>          its first n calls
  --probability <p>    each call with probability p (0 < p <= 1), drawn from
  --seed <s>           the seed (default 0) and the call's number: the same calls on every run
Faults: lost_response, slow_response, error_after_commit, unavailable,
rate_limited, token_expired, lost_callback, early_callback.

Example: node sandbox.mjs faults set collect.push lost_response --every 3

${CONNECTION}`,
  rehearse: `Usage: node sandbox.mjs rehearse [<operation> <fault> --every <n> | --first <n> | --probability <p> [--seed <s>]] [--json] -- <command> [args...]

Rehearses production's failures on your client: sets a fault plan, runs your
own command (your test suite, unchanged) with the app's credentials in
SANDBOX_URL, SANDBOX_KEY and SANDBOX_SECRET, puts the app's previous plan back
(usually none), then prints the client checks (GET /dev/v1/client-checks): what
your client did after each fault, and for a failed check why and what to do.
Without a rule, the plan gives Collect push and Payouts send every fault once,
in this order: lost_callback, lost_response, unavailable, token_expired,
error_after_commit, rate_limited, early_callback, slow_response (their first 8
calls, retries included).

Exits with your command's exit code when it failed, else 1 when a check
FAILED, else 0. The checks judge the app's whole request log: rehearse in a
fresh throwaway sandbox (sandbox create --env) to judge this run alone.

Example: node sandbox.mjs rehearse -- npm test

${CONNECTION}`,
  resolve: `Usage: node sandbox.mjs resolve <resource id> --scenario <key> [--time-scale <s>] [--json]

Resolves a resource held with X-Svc-Scenario: held (POST /dev/v1/resources/<id>/resolve):
its state and callback follow <key> as if it had been chosen at the call, the
callback's delay counted from now. Keys that call back: paid, cancelled, no_answer,
insufficient_funds (Collect), sent, float_low (Payouts), delivered, handset_off (SMS).
Exits 1 when the portal refuses (409: not held any more; 400: no such scenario).

Options:
  --scenario <key>     the outcome (required)
  --time-scale <s>     the callback delay's scale (0 = at once); default: the holding call's, else the app's
  --json               print the portal's answer as JSON

${CONNECTION}`,
  timeline: `Usage: node sandbox.mjs timeline <resource id> [--json]

Prints everything that happened to one resource, oldest first (GET
/dev/v1/resources/<id>/timeline): its calls, its state changes (held, resolved,
settled), its callback and each attempt, its arrival at the inspector, what a
listener relayed, and every status read.

${CONNECTION}`,
  sandbox: `Usage: node sandbox.mjs sandbox create --ttl <duration> [--name <name>] [--env | --json]
       node sandbox.mjs sandbox list [--json]
       node sandbox.mjs sandbox delete <appId>

A throwaway sandbox is an app of its own made from this app: its subscriptions,
developer settings, test numbers and per-minute limit, with its own keys, request
log, callbacks and inbox. When its time is up its keys stop working and it is
deleted with all its data. One per CI job: parallel jobs never see each other.

  create   --ttl: how long it lives, 10s to 24h (e.g. 90s, 15m, 2h, or seconds).
           Prints the sandbox as JSON. With --env, shell lines instead, so that
             eval "$(node sandbox.mjs sandbox create --ttl 15m --env)"
           points SANDBOX_KEY, SANDBOX_SECRET and SANDBOX_URL at the sandbox (and
           sets SANDBOX_APP_ID, SANDBOX_SIGNING_SECRET, SANDBOX_INSPECTOR_URL,
           SANDBOX_EXPIRES_AT).
  list     the app's live sandboxes and the time each has left
  delete   ends one now: with the parent app's keys, or the sandbox's own

${CONNECTION}`,
  token: `Usage: node sandbox.mjs token [--json]

Fetches an access token with the key pair and prints it (--json: the token
endpoint's whole answer).

${CONNECTION}`,
};

// ---- arguments --------------------------------------------------------------------

const string = { type: "string" };
const flag = { type: "boolean" };
/** What every command takes: how to reach the portal, --help, --version. */
const COMMON = {
  url: string, portal: string, key: string, secret: string, "secret-file": string, "secret-stdin": flag,
  help: { type: "boolean", short: "h" }, version: { type: "boolean", short: "v" },
};
const PLAN_RULE = { every: string, first: string, probability: string, seed: string };
/** Each command's own options (util.parseArgs' form): an option of another command is an error, never ignored. */
const OPTIONS = {
  listen: { json: flag, "forward-to": string, operation: string, all: flag, "include-foreign": flag, "no-replay": flag, "cursor-file": string, name: string },
  check: { json: flag, operation: string },
  call: { json: flag, data: { type: "string", short: "d" }, scenario: string, "time-scale": string, header: { type: "string", short: "H", multiple: true } },
  settings: { "time-scale": string, duplicate: string, "bad-signature": string, "extra-delay-ms": string, "inspector-status": string, "inspector-delay-ms": string, "inspector-fail-first": string },
  float: { json: flag },
  faults: { json: flag, ...PLAN_RULE },
  rehearse: { json: flag, ...PLAN_RULE },
  resolve: { json: flag, scenario: string, "time-scale": string },
  timeline: { json: flag },
  sandbox: { json: flag, ttl: string, name: string, env: flag },
  token: { json: flag },
};
/** Before a command: --help and --version only. */
const TOP = { help: COMMON.help, version: COMMON.version };

/** The long spelling of each string option of any command, by every spelling (`--data`, `-d`). */
const VALUE_OPTIONS = new Map(Object.values(OPTIONS).concat(COMMON).flatMap((options) => Object.entries(options)
  .filter(([, o]) => o.type === "string")
  .flatMap(([name, o]) => [[`--${name}`, name], ...(o.short ? [[`-${o.short}`, name]] : [])])));

/**
 * The command line: the command (the first word that is not an option), its
 * flags read by util.parseArgs in strict mode against that command's options
 * (an unknown option, or one of another command, is a usage error: exit 2),
 * and the positionals; "--" ends the options, and the words after it are
 * positional and kept apart (`flags["--"]`, rehearse's command). Two readings
 * parseArgs would refuse are kept as they were: a string option's next word is
 * its value even when it starts with a dash (`--key --`, passed as `--key=--`;
 * `-d -x` as `-d-x`),
 * and a negative number is a positional (`float set KES -5`).
 */
function parseCommandLine(argv) {
  const before = [];
  let rest = null;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--") { rest = argv.slice(i + 1); break; }
    const name = VALUE_OPTIONS.get(word);
    // `--name=value`, or `-Xvalue` (an option named as it was written, for the error that may follow)
    if (name && i + 1 < argv.length) before.push(word.startsWith("--") || argv[i + 1] === "" ? `--${name}=${argv[++i]}` : `${word}${argv[++i]}`);
    else before.push(word);
  }
  const at = before.findIndex((w) => !w.startsWith("-") || /^-\d/.test(w));
  const command = at < 0 ? undefined : before[at];
  if (command !== undefined && command !== "help" && !Object.hasOwn(OPTIONS, command)) throw new UsageError(`unknown command ${command}`);
  const options = command === undefined || command === "help" ? TOP : { ...COMMON, ...OPTIONS[command] };
  // parseArgs takes a word starting with a dash for an option: a negative number passes as a placeholder and comes back in place
  const negatives = [];
  const args = before.filter((_, i) => i !== at).map((w) => (/^-\d/.test(w) ? `\u0000${negatives.push(w) - 1}` : w));
  let parsed;
  try {
    parsed = nodeParseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    if (e.code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION" && e.code !== "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") throw e;
    const option = (/'([^']+)'/.exec(e.message)?.[1] ?? "").split(/[ ,]+/).filter((w) => w.startsWith("-")).at(-1);
    const of = command && command !== "help" ? ` for ${command} (its options: "node sandbox.mjs ${command} --help")` : "";
    if (e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`unknown option ${option}${of}`);
    throw new UsageError(/does not take/.test(e.message) ? `${option} takes no value` : `${option} needs a value`);
  }
  const positional = parsed.positionals.map((w) => (w.startsWith("\u0000") ? negatives[Number(w.slice(1))] : w));
  const flags = { ...parsed.values };
  if (rest) { flags["--"] = rest; positional.push(...rest); }
  return { flags, positional: command === undefined ? positional : [command, ...positional] };
}

// ---- errors -----------------------------------------------------------------------

/** A problem the user can fix: printed without a stack, exit 1. */
class CliError extends Error {}
/** Wrong command line: printed with a hint to --help, exit 2. */
class UsageError extends CliError {}
/** The portal is unreachable or failing for now (network, 5xx, 429): fatal at start, retried by a running listener. */
class Transient extends CliError {}

/** The portal's error body ({error, message}) as one line. */
async function describeAnswer(res) {
  const text = await res.text().catch(() => "");
  try {
    const b = JSON.parse(text);
    if (b?.error) return `${res.status} ${b.error}: ${b.message}`;
  } catch { /* not JSON */ }
  return `${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`;
}

function networkReason(e) {
  const code = (e?.cause?.code) || (e?.code);
  switch (code) {
    case "ECONNREFUSED": return "connection refused";
    case "ENOTFOUND": case "EAI_AGAIN": return "host not found";
    case "ECONNRESET": return "connection reset";
    case "ETIMEDOUT": case "UND_ERR_CONNECT_TIMEOUT": return "timed out";
    default: return (e?.cause?.message) || (e?.message) || String(e);
  }
}

// ---- tokens and calls -------------------------------------------------------------

/** Renew this long before the token's hour is up. */
const RENEW_EARLY_MS = 5 * 60_000;

/** The portal's origin and the key pair, from flags or the environment (`check` takes --url for the receiver: the portal is --portal). */
function connection(flags, portalFlag = "url") {
  const origin = (flags.portal || flags[portalFlag] || process.env.SANDBOX_URL || "").replace(/\/+$/, "");
  const key = flags.key || process.env.SANDBOX_KEY;
  const secret = consumerSecret(flags);
  if (!origin) throw new UsageError("no portal address: pass --url or set SANDBOX_URL (e.g. http://localhost:3000)");
  if (!/^https?:\/\/[^/]+$/.test(origin)) throw new UsageError(`SANDBOX_URL must be the portal's origin, like http://localhost:3000 (got ${origin})`);
  if (!key) throw new UsageError("no consumer key: pass --key or set SANDBOX_KEY (the console's Keys tab creates a key pair)");
  if (!secret) throw new UsageError("no consumer secret: set SANDBOX_SECRET, or pass --secret-file or --secret-stdin");
  return new Session(origin, key, secret);
}

/**
 * The consumer secret: from --secret-file, --secret-stdin, --secret (with a
 * warning: the process list shows it to other users) or SANDBOX_SECRET.
 */
function consumerSecret(flags) {
  if (flags["secret-file"]) {
    try {
      return fs.readFileSync(flags["secret-file"], "utf8").trim();
    } catch (e) {
      throw new UsageError(`--secret-file ${flags["secret-file"]}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
    }
  }
  if (flags["secret-stdin"]) return fs.readFileSync(0, "utf8").trim();
  if (flags.secret) {
    process.stderr.write("warning: --secret puts the secret in the process list, where other users of this machine can read it; use SANDBOX_SECRET, --secret-file or --secret-stdin\n");
    return flags.secret;
  }
  return process.env.SANDBOX_SECRET;
}

/**
 * fetch that never follows a redirect: a token or an access token is sent to
 * the portal's own origin only, never wherever a 3xx points (CliError instead).
 */
async function fetchHere(url, init, what) {
  const res = await fetch(url, { ...init, redirect: "manual" });
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new CliError(
      `${what} answered a redirect (${res.status} to ${res.headers.get("location") ?? "nowhere"}); credentials are never sent after a redirect: set SANDBOX_URL to the portal's own origin`,
    );
  }
  return res;
}

/** One key pair at one portal: fetches a token, renews it before its hour ends and after a 401. */
class Session {
  constructor(origin, key, secret) {
    this.origin = origin;
    this.key = key;
    this.secret = secret;
    this.current = null; // { value, renewAt, answer }
  }

  async token(force = false) {
    if (!force && this.current && Date.now() < this.current.renewAt) return this.current.value;
    let res;
    try {
      res = await fetchHere(`${this.origin}/sandbox/oauth/v1/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(this.key)}:${encodeURIComponent(this.secret)}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      }, "the token endpoint");
    } catch (e) {
      if (e instanceof CliError) throw e;
      throw new Transient(`cannot reach the portal at ${this.origin}: ${networkReason(e)}`);
    }
    if (res.status === 401) {
      throw new CliError("the key or secret was refused (401 INVALID_CLIENT): check SANDBOX_KEY and SANDBOX_SECRET, or create a key pair in the console");
    }
    if (res.status === 429 || res.status >= 500) throw new Transient(`the token endpoint answered ${await describeAnswer(res)}`);
    if (res.status !== 200) throw new CliError(`the token endpoint answered ${await describeAnswer(res)}`);
    const answer = await res.json();
    const lifeMs = (Number(answer.expires_in) || 3600) * 1000;
    this.current = { value: answer.access_token, renewAt: Date.now() + Math.max(lifeMs - RENEW_EARLY_MS, lifeMs / 2), answer };
    return this.current.value;
  }

  /** fetch under {base_url} with the bearer token; a 401 renews the token and tries once more. */
  async fetch(pathUnderBase, init = {}) {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(attempt > 0);
      let res;
      try {
        res = await fetchHere(`${this.origin}/sandbox${pathUnderBase}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } }, `${init.method ?? "GET"} ${pathUnderBase}`);
      } catch (e) {
        if (e instanceof CliError) throw e;
        if (init.signal?.aborted) throw e;
        throw new Transient(`cannot reach the portal at ${this.origin}: ${networkReason(e)}`);
      }
      if (res.status !== 401 || attempt > 0) return res;
      await res.body?.cancel();
    }
  }

  /** A JSON call; its JSON answer, or CliError with the portal's error. */
  async json(method, pathUnderBase, body) {
    const res = await this.fetch(pathUnderBase, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new CliError(`${method} ${pathUnderBase} answered ${await describeAnswer(res)}`);
    return res.status === 204 ? null : res.json();
  }
}

// ---- listen: the stream -----------------------------------------------------------

/** No byte for this long (the portal sends a heartbeat every 15 s): the connection is dead, reconnect. */
const SILENCE_MS = 45_000;
const BACKOFF_MS = [500, 1000, 2000, 3000, 5000];

/** Server-Sent Events from a fetch body: yields {event, id, data}. */
async function* sseEvents(body, onBytes) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const ev = { event: "message", id: null, data: [] };
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") ev.event = value;
        else if (field === "id") ev.id = value;
        else if (field === "data") ev.data.push(value);
      }
      if (ev.data.length) yield { event: ev.event, id: ev.id, data: JSON.parse(ev.data.join("\n")) };
    }
  }
}

async function listen(flags) {
  const target = flags["forward-to"];
  if (!target) throw new UsageError("listen needs --forward-to <url>, e.g. --forward-to http://localhost:8080/callbacks");
  let targetUrl;
  try {
    // localhost:4000/hooks has no scheme (URL would read "localhost:" as one): http is meant.
    targetUrl = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target : `http://${target}`);
  } catch {
    throw new UsageError(`--forward-to must be an http(s) address (got ${target})`);
  }
  if (targetUrl.protocol !== "http:" && targetUrl.protocol !== "https:") throw new UsageError(`--forward-to must be an http(s) address (got ${target})`);
  const session = connection(flags);
  await session.token(); // a wrong key stops here, with its message
  const cursors = cursorStore(session.origin, session.key, flags["cursor-file"]);
  const noReplay = !!flags["no-replay"];
  const state = {
    session, cursors, target, targetUrl,
    out: printer(flags.json),
    listener: flags.name || `${os.hostname()} pid ${process.pid}`,
    all: !!flags.all,
    foreign: !!flags["include-foreign"],
    operation: flags.operation || null,
    // The first connection resumes from the kept cursor (unless --no-replay); reconnections always do.
    cursor: noReplay ? null : cursors.load(),
    // A key used here for the first time: another key of the same app may have left a cursor.
    lookForKept: !noReplay && !cursors.load(),
    failures: 0,
    announced: false,
  };
  for (;;) {
    const reason = await follow(state);
    if (!reason) continue; // switched to a kept cursor: at once
    const wait = BACKOFF_MS[Math.min(state.failures++, BACKOFF_MS.length - 1)];
    state.out.note(`${reason}; reconnecting in ${wait / 1000} s`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** One connection to the stream: relays its events until it ends; answers why it ended (null: reconnect at once). */
async function follow(state) {
  const { session, cursors, out } = state;
  const query = new URLSearchParams();
  if (state.cursor) query.set("after", state.cursor);
  if (state.all) query.set("all", "true");
  if (state.foreign) query.set("foreign", "true");
  const abort = new AbortController();
  let silence;
  let silent = false;
  const alive = () => {
    clearTimeout(silence);
    silence = setTimeout(() => {
      silent = true;
      abort.abort();
    }, SILENCE_MS);
  };
  try {
    alive();
    const res = await session.fetch(`/dev/v1/inbox/stream?${query}`, { headers: { accept: "text/event-stream" }, signal: abort.signal });
    if (res.status >= 400 && res.status < 500) throw new CliError(`the portal refused the stream: ${await describeAnswer(res)}`);
    if (!res.ok) return `the portal answered ${await describeAnswer(res)}`;
    for await (const ev of sseEvents(res.body, alive)) {
      if (ev.event === "ready") {
        state.failures = 0;
        cursors.rememberApp(ev.data.appId);
        const kept = state.lookForKept ? cursors.load() : null;
        state.lookForKept = false;
        if (kept) {
          state.cursor = kept;
          return null;
        }
        if (state.cursor && !ev.data.resumed) out.note(`the portal does not know cursor ${state.cursor} (a new database?): starting from now`);
        state.cursor = ev.data.cursor;
        cursors.save(state.cursor);
        if (state.announced) out.note(`reconnected; resuming after ${state.cursor}`);
        else out.ready({ appId: ev.data.appId, origin: session.origin, target: state.target, all: state.all, cursor: state.cursor, resumed: ev.data.resumed });
        state.announced = true;
      } else if (ev.event === "inbox" || ev.event === "delivery") {
        if (!ofOperation(ev.data, state.operation)) {
          state.cursor = ev.id || ev.data.cursor; // passed over, not to be sent again
          cursors.save(state.cursor);
          alive();
          continue;
        }
        const result = await relay(ev.data, state.targetUrl);
        out.relay(ev.data, state.target, result);
        await report(session, { listener: state.listener, target: state.target, event: ev.data, result }, out);
        state.cursor = ev.id || ev.data.cursor;
        cursors.save(state.cursor);
        alive();
      } else if (ev.event === "error") {
        if (ev.data.error === "RATE_LIMITED") throw new CliError(`the portal refused the stream: ${ev.data.message}`);
        return ev.data.message;
      }
    }
    return "the portal closed the stream";
  } catch (e) {
    if (e instanceof CliError && !(e instanceof Transient)) throw e;
    return silent ? `no heartbeat from the portal for ${SILENCE_MS / 1000} s` : e.message || String(e);
  } finally {
    clearTimeout(silence);
    abort.abort();
  }
}

/** Whether an event is of the operation `listen --operation` names (its catalog id or operationId); no filter: all are. */
function ofOperation(event, operation) {
  if (!operation) return true;
  const op = event.operation ?? "";
  return op === operation || op.replace(/\.(\w)/g, (_m, c) => c.toUpperCase()) === operation;
}

// ---- listen: relaying to the local server -----------------------------------------

/** The local server's wait, as the sandbox's own callbacks have. */
const RELAY_TIMEOUT_MS = 10_000;
/** How much of the local answer goes back to the portal. */
const ANSWER_BYTES = 2048;
/** Connection-level headers: they describe the hop to the inspector, not the callback. */
const HOP_BY_HOP = new Set([
  "host", "content-length", "connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
  "proxy-connection", "proxy-authorization", "expect", "http2-settings",
]);

/** POSTs the event's body with its headers to the local server: {status, error, responseBody, durationMs}. */
function relay(event, url) {
  const started = Date.now();
  const headers = {};
  for (const [name, value] of Object.entries(event.headers)) if (!HOP_BY_HOP.has(name.toLowerCase())) headers[name] = value;
  headers["content-length"] = String(Buffer.byteLength(event.body));
  return new Promise((resolve) => {
    let settled = false;
    const done = (r) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const req = (url.protocol === "https:" ? https : http).request(url, { method: event.method || "POST", headers });
    const timer = setTimeout(() => {
      done({ status: null, error: `timeout after ${RELAY_TIMEOUT_MS / 1000} s`, responseBody: null });
      req.destroy();
    }, RELAY_TIMEOUT_MS);
    req.on("response", (res) => {
      const chunks = [];
      let size = 0;
      res.on("data", (c) => {
        if (size < ANSWER_BYTES) chunks.push(c);
        size += c.length;
      });
      const finish = () => {
        const status = res.statusCode;
        const responseBody = Buffer.concat(chunks).toString("utf8").slice(0, ANSWER_BYTES);
        done({ status, error: status >= 200 && status < 300 ? null : `HTTP ${status}`, responseBody });
      };
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", (e) => done({ status: null, error: networkReason(e), responseBody: null }));
    req.end(event.body);
  });
}

/** Tells the portal what the local server answered; a failure to report is a warning, not a stop. */
async function report(session, { listener, target, event, result }, out) {
  try {
    await session.json("POST", "/dev/v1/inbox/relays", {
      listener, target,
      inboxEntryId: event.inboxEntryId, deliveryId: event.deliveryId,
      status: result.status, error: result.error, responseBody: result.responseBody, durationMs: result.durationMs,
    });
  } catch (e) {
    out.note(`could not report the answer to the portal: ${e.message}`);
  }
}

// ---- listen: output ---------------------------------------------------------------

function printer(json) {
  const clock = (iso) => new Date(iso).toTimeString().slice(0, 8);
  return {
    ready(r) {
      if (json) return emit({ type: "ready", ...r });
      const from = r.resumed ? `, first what arrived since ${r.cursor}` : "";
      console.error(`Listening for callbacks of ${r.appId} at ${r.origin}${r.all ? " (all addresses)" : ""} → ${r.target}${from}. Ctrl-C stops.`);
    },
    relay(event, target, result) {
      const answer = result.status !== null ? String(result.status) : result.error;
      if (json) {
        return emit({
          type: "relay", cursor: event.cursor, source: event.source, receivedAt: event.receivedAt, operation: event.operation,
          scenario: event.scenario, checkCase: event.checkCase ?? null, deliveryId: event.deliveryId, inboxEntryId: event.inboxEntryId, target,
          status: result.status, error: result.error, durationMs: result.durationMs,
        });
      }
      const cols = [
        // a receiver check's case has no scenario: its name, e.g. "check tampered_body"
        clock(event.receivedAt), (event.operation || "-").padEnd(14), (event.checkCase ? `check ${event.checkCase}` : event.scenario || "-").padEnd(22),
        event.deliveryId || event.inboxEntryId, `→ ${answer}`, `${result.durationMs} ms`,
      ];
      console.log(cols.join("  "));
    },
    note(text) {
      console.error(text);
    },
  };
}

const emit = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

// ---- listen: the cursor kept between runs -----------------------------------------

function configDir() {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "svc-sandbox");
}

/**
 * The cursor file: --cursor-file, else one per portal and app. Before the first
 * connection the app is not known from the key alone, so the key's app is
 * remembered too (a hash of the key names that file, never the key itself).
 */
function cursorStore(origin, key, explicitFile) {
  const dir = configDir();
  const site = new URL(origin).host.replace(/[^A-Za-z0-9.-]/g, "_");
  const keyFile = path.join(dir, `key-${site}-${crypto.createHash("sha256").update(key).digest("hex").slice(0, 16)}`);
  const read = (file) => {
    try {
      return fs.readFileSync(file, "utf8").trim() || null;
    } catch {
      return null;
    }
  };
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${text}\n`, { mode: 0o600 });
    fs.renameSync(tmp, file); // whole or not at all, even if stopped mid-write
  };
  const fileOf = (appId) => explicitFile || (appId ? path.join(dir, `cursor-${site}-${appId.replace(/[^A-Za-z0-9_-]/g, "_")}`) : null);
  let app = explicitFile ? null : read(keyFile);
  return {
    load: () => (fileOf(app) ? read(fileOf(app)) : null),
    save: (cursor) => fileOf(app) && write(fileOf(app), cursor),
    forApp: (appId) => ({ load: () => read(fileOf(appId)) }),
    rememberApp(appId) {
      if (app === appId) return;
      app = appId;
      if (!explicitFile) write(keyFile, appId);
    },
  };
}

// ---- the other commands -----------------------------------------------------------

async function token(flags) {
  const session = connection(flags);
  const value = await session.token();
  if (flags.json) emit(session.current.answer);
  else console.log(value);
}

async function call(flags, [method, pathUnderBase]) {
  if (!method || !pathUnderBase) throw new UsageError("call needs a method and a path, e.g. call POST /collect/v1/push --data '{...}'");
  let body;
  if (flags.data !== undefined) {
    const text = dataOf(flags.data);
    try {
      body = JSON.stringify(JSON.parse(text));
    } catch (e) {
      throw new UsageError(`--data is not valid JSON: ${e.message}`);
    }
  }
  if (flags["time-scale"] !== undefined && !/^(0(\.\d+)?|1(\.0+)?)$/.test(flags["time-scale"])) {
    throw new UsageError(`--time-scale must be a decimal from 0 to 1 (got ${flags["time-scale"]})`);
  }
  const session = connection(flags);
  const p = `/${pathUnderBase.replace(/^\/+/, "").replace(/^sandbox\//, "")}`;
  const headers = {
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
    ...(flags.scenario ? { "x-svc-scenario": flags.scenario } : {}),
    ...(flags["time-scale"] !== undefined ? { "x-svc-time-scale": flags["time-scale"] } : {}),
    ...headerFlags(flags.header ?? []),
  };
  const res = await session.fetch(p, { method: method.toUpperCase(), headers, body });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch { /* not JSON: printed as text */ }
  const requestId = res.headers.get("x-request-id");
  const scenario = res.headers.get("x-svc-scenario");
  if (flags.json) emit({ status: res.status, requestId, scenario, body: parsed });
  else {
    console.error(`HTTP ${res.status}${scenario ? ` · scenario ${scenario}` : ""}${requestId ? ` · ${requestId}` : ""}`);
    console.log(typeof parsed === "string" ? parsed : JSON.stringify(parsed, null, 2));
  }
  if (res.status >= 400) process.exitCode = 1;
}

/** `--data` as given, or `@file`'s contents (`@-`: stdin), as curl reads it. */
function dataOf(value) {
  if (!value.startsWith("@")) return value;
  const file = value.slice(1);
  try {
    return fs.readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    throw new UsageError(`--data ${value}: cannot read ${file === "-" ? "stdin" : file} (${e.code || e.message})`);
  }
}

/** `--header "Name: value"` (repeatable) as headers; Authorization is the command's own (the token). */
function headerFlags(list) {
  const headers = {};
  for (const h of list) {
    const i = h.indexOf(":");
    const name = i > 0 ? h.slice(0, i).trim() : "";
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header must be "Name: value" (got ${h})`);
    if (name.toLowerCase() === "authorization") throw new UsageError("--header cannot set Authorization: the command sends its own token");
    headers[name.toLowerCase()] = h.slice(i + 1).trim();
  }
  return headers;
}

/** The settings a `settings` option changes, as PATCH /dev/v1/settings takes them; the portal checks the values. */
function settingsPatch(flags) {
  const num = (name) => {
    const v = flags[name];
    if (v === undefined) return undefined;
    const n = Number(v);
    return v.trim() === "" || !Number.isFinite(n) ? v : n; // not a number: sent as given, the portal says what it takes
  };
  const onOff = (name) => {
    const v = flags[name];
    if (v === undefined) return undefined;
    if (v !== "on" && v !== "off") throw new UsageError(`--${name} takes on or off (got ${v})`);
    return v === "on";
  };
  const patch = {
    timeScale: num("time-scale"),
    callbackFaults: { duplicate: onOff("duplicate"), badSignature: onOff("bad-signature"), extraDelayMs: num("extra-delay-ms") },
    inspectorMode: { status: num("inspector-status"), delayMs: num("inspector-delay-ms"), failFirst: num("inspector-fail-first") },
  };
  for (const k of ["callbackFaults", "inspectorMode"]) if (Object.values(patch[k]).every((v) => v === undefined)) delete patch[k];
  return Object.values(patch).some((v) => v !== undefined) ? patch : null;
}

async function settings(flags) {
  const session = connection(flags);
  const patch = settingsPatch(flags);
  const result = patch ? await session.json("PATCH", "/dev/v1/settings", patch) : await session.json("GET", "/dev/v1/settings");
  console.log(JSON.stringify(result, null, 2));
}

const printBalances = (balances) => {
  for (const b of balances) console.log(`${b.currency}  available ${b.available}  reserved ${b.reserved}`);
};

async function float(flags, [action, currency, available]) {
  const session = connection(flags);
  if (action === "set") {
    if (!currency || available === undefined) throw new UsageError("float set needs a currency and an amount, e.g. float set KES 5000");
    const n = Number(available);
    const body = { available: available.trim() !== "" && Number.isFinite(n) ? n : available }; // not a number: sent as given, the portal says what it takes
    const balance = await session.json("PUT", `/dev/v1/float/${encodeURIComponent(currency)}`, body);
    return flags.json ? emit(balance) : printBalances([balance]);
  }
  if (action) throw new UsageError(`unknown float action ${action} (set)`);
  const answer = await session.json("GET", "/dev/v1/float");
  return flags.json ? emit(answer) : printBalances(answer.balances);
}

// ---- faults and rehearse: the fault plan, and the client checks -----------------------

/** One rule from the command line: <operation> <fault> and one of --every, --first, --probability (with --seed). */
function planRule(flags, [operation, fault]) {
  if (!operation || !fault) throw new UsageError("give the operation and the fault, e.g. collect.push lost_response --every 3");
  const kinds = ["every", "first", "probability"].filter((k) => flags[k] !== undefined);
  if (kinds.length !== 1) throw new UsageError("give exactly one of --every <n>, --first <n> or --probability <p>");
  const number = (v) => (String(v).trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v); // not a number: the portal says what it takes
  const when = { [kinds[0]]: number(flags[kinds[0]]) };
  if (flags.seed !== undefined) when.seed = number(flags.seed);
  return { operation, fault, when };
}

const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
const whenText = (w) => (w.every !== undefined ? `every ${w.every === 1 ? "" : `${ordinal(w.every)} `}call` : w.first !== undefined ? `the first ${w.first} call${w.first === 1 ? "" : "s"}`
  : `with probability ${w.probability}, seed ${w.seed ?? 0}`);
function printPlan(plan) {
  if (!plan.length) return console.log("No fault plan: calls get a fault only with an X-Svc-Fault header.");
  plan.forEach((r, i) => console.log(`${String(i + 1).padStart(2)}. ${r.operation}  ${r.fault}  ${whenText(r.when)}`));
}

async function faults(flags, [action, ...args]) {
  const session = connection(flags);
  let plan;
  if (action === "set") plan = [planRule(flags, args)];
  else if (action === "add") plan = [...(await session.json("GET", "/dev/v1/settings")).faultPlan, planRule(flags, args)];
  else if (action === "clear") plan = [];
  else if (action) throw new UsageError(`unknown faults action ${action} (set, add or clear)`);
  const settings = plan ? await session.json("PATCH", "/dev/v1/settings", { faultPlan: plan }) : await session.json("GET", "/dev/v1/settings");
  return flags.json ? emit({ faultPlan: settings.faultPlan }) : printPlan(settings.faultPlan);
}

/** rehearse's plan without a rule: every fault once on each operation that moves money (rule k picks call k). */
const REHEARSAL_FAULTS = ["lost_callback", "lost_response", "unavailable", "token_expired", "error_after_commit", "rate_limited", "early_callback", "slow_response"];
const REHEARSAL_PLAN = ["collect.push", "payouts.send"].flatMap((operation) => REHEARSAL_FAULTS.map((fault, k) => ({ operation, fault, when: { first: k + 1 } })));

/** Runs the user's command with the app's credentials in its environment; its exit code (1 when a signal ended it). */
function runCommand(session, command) {
  const env = { ...process.env, SANDBOX_URL: session.origin, SANDBOX_KEY: session.key, SANDBOX_SECRET: session.secret };
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { stdio: "inherit", env, shell: process.platform === "win32" });
    child.on("error", (e) => reject(new CliError(`cannot run ${command[0]}: ${e.code === "ENOENT" ? "no such command" : e.message}`)));
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

function printClientChecks(checks) {
  const width = Math.max(...checks.map((c) => c.name.length));
  for (const c of checks) {
    const mark = c.status === "PASSED" ? "✓" : c.status === "FAILED" ? "✗" : "-";
    console.log(`  ${mark} ${c.name.padEnd(width)}  ${c.status}${c.status === "NOT_EXERCISED" ? " (no fault of its kind met a call to judge)" : ""}`);
    if (c.status !== "FAILED") continue;
    console.log(`      Why:  ${c.why}`);
    console.log(`      Do:   ${c.hint}`);
    console.log(`      Requests: ${c.requestIds.join(", ")}`);
  }
}

async function rehearse(flags, positional) {
  const command = flags["--"] ?? [];
  if (!command.length) throw new UsageError("give your command after --, e.g. rehearse -- npm test");
  const ruleArgs = positional.slice(0, positional.length - command.length);
  const session = connection(flags);
  const plan = ruleArgs.length || ["every", "first", "probability"].some((k) => flags[k] !== undefined) ? [planRule(flags, ruleArgs)] : REHEARSAL_PLAN;
  const before = (await session.json("GET", "/dev/v1/settings")).faultPlan;
  await session.json("PATCH", "/dev/v1/settings", { faultPlan: plan });
  console.error(`Rehearsing with a fault plan of ${plan.length} rule${plan.length === 1 ? "" : "s"}: ${command.join(" ")}`);
  let exitCode;
  try {
    exitCode = await runCommand(session, command);
  } finally {
    await session.json("PATCH", "/dev/v1/settings", { faultPlan: before });
  }
  const { checks } = await session.json("GET", "/dev/v1/client-checks");
  const failed = checks.some((c) => c.status === "FAILED");
  if (flags.json) emit({ exitCode, checks });
  else {
    console.log(`Your command exited with ${exitCode}. Client checks:`);
    printClientChecks(checks);
  }
  process.exitCode = exitCode !== 0 ? exitCode : failed ? 1 : 0;
}

// ---- check: the receiver checks ------------------------------------------------------

async function check(flags) {
  const url = flags.url;
  if (!url) throw new UsageError("check needs --url <your callback URL>, e.g. --url https://shop.example.com/callbacks");
  const session = connection(flags, "portal");
  const body = { url, ...(flags.operation ? { operation: flags.operation } : {}) };
  const res = await session.fetch("/dev/v1/receiver-checks", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new CliError(`the portal refused the check: ${await describeAnswer(res)}`);
  const result = await res.json();
  if (flags.json) emit(result);
  else printCheck(result);
  if (result.status !== "PASSED") process.exitCode = 1;
}

function printCheck(r) {
  const answer = (a) => ("status" in a ? `${a.status} in ${a.ms} ms` : `${a.error}`) + (a.relayedBy ? ` (relayed by ${a.relayedBy.listener})` : "");
  console.log(`Receiver check ${r.id} of ${r.url} (${r.operation}): ${r.status}, ${r.passed} of ${r.passed + r.failed} cases passed`);
  const width = Math.max(...r.cases.map((c) => c.name.length));
  for (const c of r.cases) {
    console.log(`  ${c.passed ? "✓" : "✗"} ${c.name.padEnd(width)}  ${answer(c.answered)}${c.passed ? "" : `  (expected ${c.expected})`}`);
    if (c.note) console.log(`      Note: ${c.note}`);
    if (c.passed) continue;
    console.log(`      Why:  ${c.why}`);
    console.log(`      Do:   ${c.hint}`);
    for (const l of c.links) console.log(`      See:  ${l.url} (${l.label})`);
  }
}


const resourcePath = (id, rest) => {
  if (!id) throw new UsageError("give the resource id, e.g. chk_3kTMd9qLw0vYx2pZbR7cNe");
  return `/dev/v1/resources/${encodeURIComponent(id)}/${rest}`;
};

async function resolve(flags, [id]) {
  const p = resourcePath(id, "resolve");
  if (!flags.scenario) throw new UsageError("resolve needs --scenario <key>, e.g. --scenario paid");
  const headers = { "content-type": "application/json" };
  if (flags["time-scale"] !== undefined) headers["x-svc-time-scale"] = flags["time-scale"];
  const res = await connection(flags).fetch(p, { method: "POST", headers, body: JSON.stringify({ scenario: flags.scenario }) });
  if (!res.ok) throw new CliError(`resolve answered ${await describeAnswer(res)}`);
  const r = await res.json();
  if (flags.json) return emit(r);
  const cb = r.callback.state === "SCHEDULED" ? `callback ${r.deliveryId} due ${r.callback.dueAt} to ${r.callback.url}` : `no callback sent (${r.callback.lastError})`;
  console.log(`${r.resourceId} resolved as ${r.scenarioKey}: ${r.state} now, settles ${r.settlesAt}; ${cb}`);
}

/** One line of an event: what happened, in words. */
function describeEvent(e) {
  const http = (x) => (x.status !== null && x.status !== undefined ? String(x.status) : x.error);
  switch (e.type) {
    case "request": return `${e.method} ${e.path} → ${e.status}${e.scenarioKey ? ` (${e.scenarioKey})` : ""} via ${e.via}  ${e.requestId}${e.note ? `  (${e.note})` : ""}`;
    case "status_read": return `GET → ${e.status} ${e.state ?? ""} via ${e.via}  ${e.requestId}`;
    case "state": return `${e.change} → ${e.state}${e.change === "resolved" ? ` as ${e.scenarioKey} via ${e.via}` : ""}${e.resultCode !== undefined ? ` (resultCode ${e.resultCode})` : ""}`;
    case "callback_scheduled": return `${e.deliveryId} ${e.state} to ${e.url ?? "no address"}, due ${e.dueAt}${e.error ? `: ${e.error}` : ""}`;
    case "callback_attempt": return `#${e.attempt} to ${e.url} → ${http(e)} in ${e.durationMs} ms${e.note ? ` (${e.note})` : ""}`;
    case "inbox": return `received by the inspector → ${e.status}  ${e.inboxEntryId}`;
    case "relay": return `${e.listener} → ${e.target} → ${http(e)} in ${e.durationMs} ms`;
    default: return JSON.stringify(e);
  }
}

async function timeline(flags, [id]) {
  const t = await connection(flags).json("GET", resourcePath(id, "timeline"));
  if (flags.json) return emit(t);
  console.log(`${t.resourceId} · ${t.operationId} · scenario ${t.scenarioKey} · now ${t.state}${t.held ? " (held)" : ""}`);
  for (const e of t.events) console.log(`${e.at.slice(11, 23)}  ${e.type.padEnd(18)}  ${describeEvent(e)}`);
  if (t.truncated) console.log("(only the newest 500 calls naming it are shown)");
}

// ---- throwaway sandboxes ----------------------------------------------------------

/** "90s", "15m", "2h", "1d" or plain seconds → seconds (the portal checks the bounds, 10 s to 24 h). */
function parseDuration(text) {
  const m = /^(\d+)(s|m|h|d)?$/.exec(String(text ?? "").trim());
  if (!m) throw new UsageError(`--ttl must be a duration like 90s, 15m or 2h (got ${text ?? "nothing"})`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[m[2] ?? "s"];
}

/** A value as one shell word: as it is when it is plain, else single-quoted. */
const shellWord = (v) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(v) ? v : `'${String(v).replace(/'/g, `'\\''`)}'`);

function leftOf(iso) {
  const s = Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 1000));
  return s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

async function sandbox(flags, [action, id]) {
  if (action === "create") {
    if (flags.ttl === undefined) throw new UsageError("sandbox create needs --ttl, e.g. --ttl 15m");
    const body = { ttlSeconds: parseDuration(flags.ttl), ...(flags.name !== undefined ? { name: flags.name } : {}) };
    const session = connection(flags);
    const made = await session.json("POST", "/dev/v1/sandboxes", body);
    if (!flags.env) return emit(made);
    const vars = {
      SANDBOX_URL: session.origin, SANDBOX_KEY: made.consumerKey, SANDBOX_SECRET: made.consumerSecret, SANDBOX_APP_ID: made.appId,
      SANDBOX_SIGNING_SECRET: made.signingSecret, SANDBOX_INSPECTOR_URL: made.inspectorUrl, SANDBOX_EXPIRES_AT: made.expiresAt,
    };
    for (const [name, value] of Object.entries(vars)) console.log(`export ${name}=${shellWord(value)}`);
    return;
  }
  if (action === "list") {
    const { sandboxes } = await connection(flags).json("GET", "/dev/v1/sandboxes");
    if (flags.json) return emit({ sandboxes });
    if (!sandboxes.length) return console.error("No live sandboxes.");
    for (const s of sandboxes) console.log(`${s.appId}  expires in ${leftOf(s.expiresAt).padEnd(14)}  ${s.name}`);
    return;
  }
  if (action === "delete") {
    if (!id) throw new UsageError("sandbox delete needs the sandbox's app id, e.g. sandbox delete app_…");
    await connection(flags).json("DELETE", `/dev/v1/sandboxes/${encodeURIComponent(id)}`);
    console.error(`Ended ${id}: its keys are refused from now on, and it is deleted with its data within a minute.`);
    return;
  }
  throw new UsageError(action ? `unknown sandbox action ${action} (create, list or delete)` : "sandbox needs an action: create, list or delete");
}

// ---- main -------------------------------------------------------------------------

const COMMANDS = { listen, check, call, settings, float, faults, rehearse, sandbox, resolve, timeline, token };

async function main(argv) {
  const { flags, positional } = parseCommandLine(argv);
  if (flags.version) return console.log(`sandbox.mjs ${VERSION}`);
  const [name, ...rest] = positional;
  if (!name && !flags.help) {
    // Nothing asked: the usage is the error message (stderr, exit 2); stdout stays empty for scripts.
    console.error(USAGE.main);
    process.exitCode = 2;
    return;
  }
  if (!name || name === "help") return console.log(USAGE[rest[0] && USAGE[rest[0]] ? rest[0] : "main"]);
  if (!COMMANDS[name]) throw new UsageError(`unknown command ${name}`); // a word after "--"
  if (flags.help) return console.log(USAGE[name]);
  await COMMANDS[name](flags, rest);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));

main(process.argv.slice(2)).catch((e) => {
  if (e instanceof CliError) {
    console.error(`sandbox.mjs: ${e.message}`);
    if (e instanceof UsageError) console.error('Run "node sandbox.mjs --help" for usage.');
    process.exit(e instanceof UsageError ? 2 : 1);
  }
  console.error(e);
  process.exit(1);
});
