// Process-wide settings, read from the environment once. Every default is
// chosen so that a new user sets nothing.
import path from "node:path";

const root = process.cwd();

function int(name: string, fallback: number, least = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < least) throw new Error(`${name} must be ${least === 1 ? "a positive integer" : `an integer from ${least}`}, got "${raw}"`);
  return n;
}

function logFormat(raw: string | undefined): "json" | "text" | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "json" || raw === "text") return raw;
  throw new Error(`LOG_FORMAT must be "json" or "text", got "${raw}"`);
}

export type Dialect = "sqlite" | "postgresql";

/** Stops the server and the command line with a clear message (never a password). */
export class DatabaseUrlError extends Error {}

/**
 * The database a URL selects: `file:` (or nothing) is the embedded SQLite
 * file, `postgres://` or `postgresql://` is PostgreSQL. Anything else is refused.
 */
export function dialectOf(url: string): Dialect {
  if (/^file:/i.test(url)) return "sqlite";
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  const shown = url.replace(/\/\/[^@/]*@/, "//…@").slice(0, 80);
  throw new DatabaseUrlError(
    `DATABASE_URL must be a file: URL (SQLite, e.g. file:./data/sandbox.db) or a postgres:// or postgresql:// URL (PostgreSQL), got "${shown}"`,
  );
}

const databaseUrl = process.env.DATABASE_URL || `file:${path.join(root, "data", "sandbox.db")}`;

export const config = {
  /** SQLite file (default) or postgres:// URL. */
  databaseUrl,
  /** Which database the URL selects; read lazily so a bad URL fails where it is used, with its message. */
  get dialect(): Dialect {
    return dialectOf(databaseUrl);
  },
  /** Connections each instance opens to PostgreSQL for the hot paths (gateway, dispatcher); Prisma has its own, smaller pool. */
  pgPoolMax: int("PG_POOL_MAX", 10),
  /** Where local state (database, generated auth secret) is kept. */
  dataDir: process.env.DATA_DIR ?? path.join(root, "data"),
  /** PORT=0: a port the system picks; server/main.ts writes the one it bound back into PORT and reports it. */
  port: int("PORT", 3000, 0),
  /**
   * Public origin used in generated addresses (inspector URL, docs, OpenAPI): PUBLIC_URL, or this
   * machine on the port listened on (the IPv4 loopback address HOST names, such as 127.0.0.1, else localhost).
   */
  get publicUrl(): string {
    const host = /^127(\.\d{1,3}){3}$/.test(process.env.HOST ?? "") ? process.env.HOST : "localhost";
    return (process.env.PUBLIC_URL ?? `http://${host}:${int("PORT", 3000, 0)}`).replace(/\/+$/, "");
  },
  /** Cookies are `Secure` (and Auth.js's `__Secure-`/`__Host-` named) when the public origin is https, whoever forwards the request. */
  get secureCookies(): boolean {
    return new URL(this.publicUrl).protocol === "https:";
  },
  /** Whether PUBLIC_URL or PORT says where this process's links go (the operator command line otherwise links to the origin the server recorded, lib/services/public-origin.ts). */
  get publicUrlGiven(): boolean {
    return Boolean(process.env.PUBLIC_URL || process.env.PORT);
  },
  requestLogPerApp: int("REQUEST_LOG_LIMIT", 10_000),
  inboxPerApp: int("INBOX_LIMIT", 1_000),
  /** Resources (prompts, payouts, verifications, messages) kept per app; older ones answer scripted defaults. */
  resourcesPerApp: int("RESOURCE_LIMIT", 10_000),
  /** Callback deliveries kept per app (scheduled ones are never dropped). */
  deliveriesPerApp: int("DELIVERY_LIMIT", 10_000),
  /** Inspector: bytes of stored requests kept per app (oldest dropped first). */
  inboxBytesPerApp: int("INBOX_BYTES_LIMIT", 16 * 1024 * 1024),
  /** Inspector POSTs a minute: per app from others than the app itself, per app from its own callbacks, per sender (a client address, or another app's callbacks) over all inspectors. */
  inspectPerMinute: int("INSPECT_PER_MINUTE", 120),
  inspectOwnPerMinute: int("INSPECT_OWN_PER_MINUTE", 600),
  inspectPerAddressPerMinute: int("INSPECT_PER_ADDRESS_PER_MINUTE", 60),
  /** Try-it calls per client address per clock minute (lib/tryit/limiter.ts). */
  tryItPerMinute: int("TRY_IT_PER_MINUTE", 60),
  /** Listeners (`sandbox.mjs listen`): relay results kept per app. */
  relaysPerApp: int("RELAY_LIMIT", 1_000),
  /** Connections held open (lib/devapi/held-connections.ts), counted per instance: waits and streams per app, both per account, all. */
  waitsPerApp: int("WAITS_PER_APP", 20),
  listenStreamsPerApp: int("LISTEN_STREAMS_PER_APP", 10),
  heldPerAccount: int("HELD_CONNECTIONS_PER_ACCOUNT", 50),
  heldPerInstance: int("HELD_CONNECTIONS_PER_INSTANCE", 500),
  /** Password hashing (scrypt) per process: how many run at once, how many may wait (more: 429). */
  passwordHashesAtOnce: int("PASSWORD_HASHES_AT_ONCE", 2),
  passwordHashQueue: int("PASSWORD_HASH_QUEUE", 16),
  /** Receiver checks (lib/devapi/receiver-checks.ts): runs kept per app. */
  receiverChecksPerApp: int("RECEIVER_CHECK_LIMIT", 100),
  /** Receiver checks running at once and started per minute per family (an app with its throwaway sandboxes, one budget). */
  receiverChecksAtOnce: int("RECEIVER_CHECKS_AT_ONCE", 5),
  receiverChecksPerMinute: int("RECEIVER_CHECKS_PER_MINUTE", 30),
  /** Receiver checks running at once and started per minute at one destination host, over the whole portal (every account, every instance). */
  receiverChecksPerHostAtOnce: int("RECEIVER_CHECKS_PER_HOST_AT_ONCE", 20),
  receiverChecksPerHostPerMinute: int("RECEIVER_CHECKS_PER_HOST_PER_MINUTE", 120),
  /**
   * Callbacks posted a clock minute to one destination host over the whole portal (every app, every
   * instance): deliveries, replays and resends (lib/callbacks/host-budget.ts). A post past it waits for
   * the next minute; it is never dropped.
   */
  callbacksPerHostPerMinute: int("CALLBACKS_PER_HOST_PER_MINUTE", 300),
  /** Caps on what one account can create. */
  /** Apps per team (an account's own team keeps the cap accounts had). */
  appsPerUser: int("APPS_PER_USER", 20),
  /** Teams (lib/services/teams.ts): members per team, pending invitations per team, teams an account may be in. */
  membersPerTeam: int("MEMBERS_PER_TEAM", 50),
  pendingInvitationsPerTeam: int("PENDING_INVITATIONS_PER_TEAM", 20),
  teamsPerUser: int("TEAMS_PER_USER", 20),
  keyPairsPerApp: int("KEY_PAIRS_PER_APP", 20),
  /** Throwaway sandboxes (lib/services/sandboxes.ts): live children per parent app, creations per parent per minute. */
  sandboxesPerApp: int("SANDBOXES_PER_APP", 50),
  sandboxCreatesPerMinute: int("SANDBOX_CREATES_PER_MINUTE", 60),
  /** How often each instance deletes ended sandboxes, and how many rows one delete statement takes. */
  sandboxSweepMs: int("SANDBOX_SWEEP_MS", 15_000),
  sandboxSweepBatch: int("SANDBOX_SWEEP_BATCH", 500),
  /** Attempts one delivery may have (its first post and every "send it again"). */
  attemptsPerDelivery: int("ATTEMPTS_PER_DELIVERY", 25),
  /** Callbacks posted again per app per minute: each "Send it again", each "Send copy", each delivery a replay schedules again. */
  resendsPerMinute: int("RESENDS_PER_MINUTE", 60),
  /** Resets of an app's sandbox data per app per minute. */
  resetsPerMinute: int("RESETS_PER_MINUTE", 30),
  /** A held resource not resolved within this long resolves as its operation's expiry scenario (lib/callbacks/held.ts). */
  heldTimeoutMs: int("HELD_TIMEOUT_SECONDS", 86_400) * 1000,
  /** An app's float in each currency until it is set, and again after a reset (lib/float). */
  floatDefault: int("FLOAT_DEFAULT", 1_000_000),
  /** Outgoing mail (lib/mail): an smtp:// or smtps:// URL; unset, mail is written to the server's log instead. */
  smtpUrl: process.env.SMTP_URL || undefined,
  /** The sender of the portal's mail. */
  get mailFrom(): string {
    return process.env.MAIL_FROM || `Svc Sandbox <no-reply@${new URL(this.publicUrl).hostname}>`;
  },
  /** On SIGTERM, how long the instance goes on serving while /readyz answers 503 (server/shutdown.ts); unset: 0 locally, 5 hosted (server/main.ts). */
  drainGraceSeconds: process.env.DRAIN_GRACE_SECONDS ? int("DRAIN_GRACE_SECONDS", 0, 0) : undefined,
  /** LOG_FORMAT: `json` or `text` (lib/log.ts); unset: json hosted, text locally (server/runtime-install.ts). */
  logFormat: logFormat(process.env.LOG_FORMAT),
  /** A bearer token that opens /metrics to non-loopback clients (server/ops.ts); unset, only loopback reads it. */
  metricsToken: process.env.METRICS_TOKEN || undefined,
  /** How long a password-reset link stays valid (lib/services/recovery.ts). */
  resetLinkSeconds: int("RESET_LINK_SECONDS", 3600),
  /** How long an invitation's link stays valid (lib/services/invitations.ts): 7 days. */
  invitationSeconds: int("INVITATION_SECONDS", 7 * 86_400),
  /** Audit entries kept per team and per account (lib/services/audit.ts): the oldest go first. */
  auditLimit: int("AUDIT_LIMIT", 10_000),
};

/** Filesystem path of a `file:` SQLite URL, resolved against the working directory. */
export function sqlitePath(url: string): string {
  const p = url.replace(/^file:/, "").replace(/\?.*$/, "");
  return path.isAbsolute(p) ? p : path.join(/*turbopackIgnore: true*/ root, p);
}
