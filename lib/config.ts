// The portal's settings: a function of an environment-like record
// (`makeConfig(process.env)`, server/main.ts, once), producing a frozen
// `Config`. Nothing here reads the environment: the runtime carries its
// portal's config (lib/runtime.ts `config`), and every module reads settings
// through it. Every default is chosen so that a new user sets nothing.
import path from "node:path";

/** An environment-like record: names to values, as `process.env` is. */
export type Env = Readonly<Record<string, string | undefined>>;

const root = process.cwd();

function int(env: Env, name: string, fallback: number, least = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < least) throw new Error(`${name} must be ${least === 1 ? "a positive integer" : `an integer from ${least}`}, got "${raw}"`);
  return n;
}

/** A positive integer, else undefined: the default (a malformed value is not refused: these limits predate the rule). */
function positive(env: Env, name: string): number | undefined {
  const n = Number(env[name]);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The throttles' limits a setting of their own name changes (lib/throttle.ts). */
const THROTTLE_SETTINGS = [
  "SIGNUPS_PER_HOUR",
  "RESET_REQUESTS_PER_ADDRESS",
  "RESET_MAILS_PER_ACCOUNT",
  "INVITATIONS_PER_TEAM_PER_HOUR",
  "INVITATIONS_PER_ADDRESS_PER_HOUR",
  "PASSKEY_CHALLENGES_PER_MINUTE",
  "VERIFICATION_MAILS_PER_ACCOUNT",
  "VERIFICATION_MAILS_PER_ADDRESS",
  ...["TOKEN", "SIGNIN"].flatMap((p) => [`${p}_FAILURES_PER_ADDRESS`, `${p}_FAILURES_PER_ACCOUNT_ADDRESS`, `${p}_FAILURES_PER_ACCOUNT`, `${p}_SUCCESSES_PER_ACCOUNT_ADDRESS`]),
];

/** PASSWORD_HASH_COST's range (scrypt's N = 2^cost): a stored hash naming more is refused (lib/services/passwords.ts). */
export const PASSWORD_HASH_COSTS = { least: 10, default: 14, most: 16 } as const;

/** PASSWORD_HASH_COST: an integer in PASSWORD_HASH_COSTS, the default unset. */
function hashCost(raw: string | undefined): number {
  const { least, most } = PASSWORD_HASH_COSTS;
  if (raw === undefined || raw === "") return PASSWORD_HASH_COSTS.default;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < least || n > most) throw new Error(`PASSWORD_HASH_COST must be an integer from ${least} to ${most} (scrypt's N = 2^cost), got "${raw}"`);
  return n;
}

/** REQUIRE_EMAIL_VERIFICATION: "1" on, "0" off, unset: on when hosted (lib/services/verification.ts). */
function onOff(env: Env, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  if (raw === "1" || raw === "0") return raw === "1";
  throw new Error(`${name} must be "1" or "0", got "${raw}"`);
}

function logFormat(raw: string | undefined): "json" | "text" | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "json" || raw === "text") return raw;
  throw new Error(`LOG_FORMAT must be "json" or "text", got "${raw}"`);
}

/** SMTP_URL: an smtp:// or smtps:// URL (its password never echoed), or unset. */
function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let protocol = "";
  try {
    protocol = new URL(raw).protocol;
  } catch {}
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new Error("SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587)");
  return raw;
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

/**
 * The settings `env` gives (process.env for the server and the command line; a
 * test's own record for a portal it makes). Throws on a malformed number or format.
 */
/** At least 32 characters (a key, not a password): any text, derived into 32 bytes by lib/auth-secret.ts. */
function totpEncryptionKey(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.length < 32) throw new Error("TOTP_ENCRYPTION_KEY must be at least 32 characters (e.g. 32 random bytes in base64url)");
  return raw;
}

/**
 * Single sign-on (lib/services/sso.ts): OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none
 * (undefined: the sign-in page offers no provider). OIDC_NAME labels the button; OIDC_OPERATOR_GROUPS, a
 * comma list, names the `groups` claim's values that make an operator (none: sign-in leaves the role alone).
 */
function oidc(env: Env) {
  const given = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (given === 0) return undefined;
  if (given < 3) throw new Error("single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (or none of them)");
  let issuer: URL;
  try {
    issuer = new URL(env.OIDC_ISSUER!);
  } catch {
    throw new Error(`OIDC_ISSUER must be the provider's issuer URL (https://…), got "${env.OIDC_ISSUER!.slice(0, 80)}"`);
  }
  if (issuer.protocol !== "https:") throw new Error("OIDC_ISSUER must be an https:// URL");
  const groups = (env.OIDC_OPERATOR_GROUPS ?? "").split(",").map((g) => g.trim()).filter(Boolean);
  return Object.freeze({
    issuer: env.OIDC_ISSUER!,
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret: env.OIDC_CLIENT_SECRET!,
    name: env.OIDC_NAME?.trim() || "single sign-on",
    operatorGroups: Object.freeze(groups),
  });
}

export function makeConfig(env: Env) {
  const i = (name: string, fallback: number, least = 1) => int(env, name, fallback, least);
  const databaseUrl = env.DATABASE_URL || `file:${path.join(root, "data", "sandbox.db")}`;
  const port = i("PORT", 3000, 0);
  const loopback = /^127(\.\d{1,3}){3}$/.test(env.HOST ?? "") ? env.HOST : "localhost";
  // PUBLIC_URL set but empty (`PUBLIC_URL=` in a compose or .env file) is not set: the default, never an empty origin.
  const publicUrl = (env.PUBLIC_URL || `http://${loopback}:${port}`).replace(/\/+$/, "");
  // DATA_DIR set but empty is refused, not taken as the default: it used to be the current folder, where a start may
  // have kept the generated auth-secret that signs sessions and seals two-step secrets; a silent move would lose them.
  if (env.DATA_DIR === "") {
    throw new Error(`DATA_DIR is set but empty: unset it for the default (${path.join(root, "data")}) or name a folder (an empty one was the current folder: if an auth-secret file is there, name that folder)`);
  }
  const dataDir = env.DATA_DIR ?? path.join(root, "data");
  const settings = {
    /** SQLite file (default) or postgres:// URL. */
    databaseUrl,
    /** Which database the URL selects; read lazily so a bad URL fails where it is used, with its message. */
    get dialect(): Dialect {
      return dialectOf(databaseUrl);
    },
    /** Connections each instance opens to PostgreSQL for the hot paths (gateway, dispatcher); Prisma has its own, smaller pool. */
    pgPoolMax: i("PG_POOL_MAX", 10),
    /** Where local state (database, generated auth secret) is kept. */
    dataDir,
    /** Where the compiled client packages are kept (lib/client-gen/packages/build-cache.ts): instances may share one folder whatever their addresses. */
    clientPackagesDir: env.CLIENT_PACKAGES_DIR || path.join(dataDir, "client-packages"),
    /** PORT=0: a port the system picks; the portal's config after listening has the one bound (server/portal.ts). */
    port,
    /** HOST: the address the server listens on (unset: server/portal.ts chooses by the callback policy). */
    host: env.HOST || undefined,
    /**
     * Public origin used in generated addresses (inspector URL, docs, OpenAPI): PUBLIC_URL, or this
     * machine on the port listened on (the IPv4 loopback address HOST names, such as 127.0.0.1, else localhost).
     */
    publicUrl,
    /** Cookies are `Secure` (and Auth.js's `__Secure-`/`__Host-` named) when the public origin is https, whoever forwards the request. */
    secureCookies: new URL(publicUrl).protocol === "https:",
    /** Whether PUBLIC_URL or PORT says where this process's links go (the operator command line otherwise links to the origin the server recorded, lib/services/public-origin.ts). */
    publicUrlGiven: Boolean(env.PUBLIC_URL || env.PORT),
    requestLogPerApp: i("REQUEST_LOG_LIMIT", 10_000),
    inboxPerApp: i("INBOX_LIMIT", 1_000),
    /** Resources (prompts, payouts, verifications, messages) kept per app; older ones answer scripted defaults. */
    resourcesPerApp: i("RESOURCE_LIMIT", 10_000),
    /** Callback deliveries kept per app (scheduled ones are never dropped). */
    deliveriesPerApp: i("DELIVERY_LIMIT", 10_000),
    /** Inspector: bytes of stored requests kept per app (oldest dropped first). */
    inboxBytesPerApp: i("INBOX_BYTES_LIMIT", 16 * 1024 * 1024),
    /** Inspector POSTs a minute: per app from others than the app itself, per app from its own callbacks, per sender (a client address, or another app's callbacks) over all inspectors. */
    inspectPerMinute: i("INSPECT_PER_MINUTE", 120),
    inspectOwnPerMinute: i("INSPECT_OWN_PER_MINUTE", 600),
    inspectPerAddressPerMinute: i("INSPECT_PER_ADDRESS_PER_MINUTE", 60),
    /** Try-it calls per client address per clock minute (lib/tryit/limiter.ts). */
    tryItPerMinute: i("TRY_IT_PER_MINUTE", 60),
    /** Listeners (`sandbox.mjs listen`): relay results kept per app. */
    relaysPerApp: i("RELAY_LIMIT", 1_000),
    /** Connections held open (lib/devapi/held-connections.ts), counted per instance: waits and streams per app, both per account, all. */
    waitsPerApp: i("WAITS_PER_APP", 20),
    listenStreamsPerApp: i("LISTEN_STREAMS_PER_APP", 10),
    heldPerAccount: i("HELD_CONNECTIONS_PER_ACCOUNT", 50),
    heldPerInstance: i("HELD_CONNECTIONS_PER_INSTANCE", 500),
    /** Password hashing (scrypt) per process: how many run at once, how many may wait (more: 429). */
    passwordHashesAtOnce: i("PASSWORD_HASHES_AT_ONCE", 2),
    passwordHashQueue: i("PASSWORD_HASH_QUEUE", 16),
    /**
     * scrypt's cost for new password hashes: N = 2^cost (14: 16 MiB and about 25 ms of a core each).
     * 10 to 16; lower only where the accounts are throwaway (a test fleet). A hash keeps its own cost.
     */
    passwordHashCost: hashCost(env.PASSWORD_HASH_COST),
    /** Receiver checks (lib/devapi/receiver-checks.ts): runs kept per app. */
    receiverChecksPerApp: i("RECEIVER_CHECK_LIMIT", 100),
    /** Receiver checks running at once and started per minute per family (an app with its throwaway sandboxes, one budget). */
    receiverChecksAtOnce: i("RECEIVER_CHECKS_AT_ONCE", 5),
    receiverChecksPerMinute: i("RECEIVER_CHECKS_PER_MINUTE", 30),
    /** Receiver checks running at once and started per minute at one destination host, over the whole portal (every account, every instance). */
    receiverChecksPerHostAtOnce: i("RECEIVER_CHECKS_PER_HOST_AT_ONCE", 20),
    receiverChecksPerHostPerMinute: i("RECEIVER_CHECKS_PER_HOST_PER_MINUTE", 120),
    /**
     * Callbacks posted a clock minute to one destination host over the whole portal (every app, every
     * instance): deliveries, replays and resends (lib/callbacks/host-budget.ts). A post past it waits for
     * the next minute; it is never dropped.
     */
    callbacksPerHostPerMinute: i("CALLBACKS_PER_HOST_PER_MINUTE", 300),
    /** Caps on what one account can create. */
    /** Apps per team (an account's own team keeps the cap accounts had). */
    appsPerUser: i("APPS_PER_USER", 20),
    /** Teams (lib/services/teams.ts): members per team, pending invitations per team, teams an account may be in. */
    membersPerTeam: i("MEMBERS_PER_TEAM", 50),
    pendingInvitationsPerTeam: i("PENDING_INVITATIONS_PER_TEAM", 20),
    teamsPerUser: i("TEAMS_PER_USER", 20),
    /** An account's passkeys (lib/services/passkeys.ts), and its live console sessions (lib/services/sessions.ts: past it, signing in ends the least recently used). */
    passkeysPerUser: i("PASSKEYS_PER_USER", 10),
    sessionsPerUser: i("SESSIONS_PER_USER", 20),
    keyPairsPerApp: i("KEY_PAIRS_PER_APP", 20),
    /** Throwaway sandboxes (lib/services/sandboxes.ts): live children per parent app, creations per parent per minute. */
    sandboxesPerApp: i("SANDBOXES_PER_APP", 50),
    sandboxCreatesPerMinute: i("SANDBOX_CREATES_PER_MINUTE", 60),
    /** How often each instance deletes ended sandboxes, and how many rows one delete statement takes. */
    sandboxSweepMs: i("SANDBOX_SWEEP_MS", 15_000),
    sandboxSweepBatch: i("SANDBOX_SWEEP_BATCH", 500),
    /** Attempts one delivery may have (its first post and every "send it again"). */
    attemptsPerDelivery: i("ATTEMPTS_PER_DELIVERY", 25),
    /** Callbacks posted again per app per minute: each "Send it again", each "Send copy", each delivery a replay schedules again. */
    resendsPerMinute: i("RESENDS_PER_MINUTE", 60),
    /** Resets of an app's data per app per minute. */
    resetsPerMinute: i("RESETS_PER_MINUTE", 30),
    /** A held resource not resolved within this long resolves as its operation's expiry scenario (lib/callbacks/held.ts). */
    heldTimeoutMs: i("HELD_TIMEOUT_SECONDS", 86_400) * 1000,
    /** An app's float in each currency until it is set, and again after a reset (lib/float). */
    floatDefault: i("FLOAT_DEFAULT", 1_000_000),
    /** Outgoing mail (lib/mail): an smtp:// or smtps:// URL; unset, mail is written to the server's log instead. */
    smtpUrl: smtpUrl(env.SMTP_URL),
    /** The sender of the portal's mail. */
    mailFrom: env.MAIL_FROM || `Svc Sandbox <no-reply@${new URL(publicUrl).hostname}>`,
    /** On SIGTERM, how long the instance goes on serving while /readyz answers 503 (server/shutdown.ts); unset: 0 locally, 5 hosted (server/main.ts). */
    drainGraceSeconds: env.DRAIN_GRACE_SECONDS ? i("DRAIN_GRACE_SECONDS", 0, 0) : undefined,
    /** LOG_FORMAT: `json` or `text` (lib/log.ts); unset: json hosted, text locally (server/portal.ts). */
    logFormat: logFormat(env.LOG_FORMAT),
    /** A bearer token that opens /metrics to non-loopback clients (server/ops.ts); unset, only loopback reads it. */
    metricsToken: env.METRICS_TOKEN || undefined,
    /** How long a password-reset link stays valid (lib/services/recovery.ts). */
    resetLinkSeconds: i("RESET_LINK_SECONDS", 3600),
    /** REQUIRE_EMAIL_VERIFICATION: whether a signed-up account must follow a mailed link before it may change anything; unset, when hosted (lib/services/verification.ts). */
    requireEmailVerification: onOff(env, "REQUIRE_EMAIL_VERIFICATION"),
    /** How long an email verification link stays valid (lib/services/verification.ts): a day. */
    verificationLinkSeconds: i("VERIFICATION_LINK_SECONDS", 86_400),
    /** How long an invitation's link stays valid (lib/services/invitations.ts): 7 days. */
    invitationSeconds: i("INVITATION_SECONDS", 7 * 86_400),
    /** Audit entries kept per team and per account (lib/services/audit.ts): the oldest go first. */
    auditLimit: i("AUDIT_LIMIT", 10_000),
    /** The throttles' limits set by name (lib/throttle.ts `Throttle`'s `setting`: sign-ups, reset requests, the credential guards); a bad value keeps the default. */
    throttleLimits: Object.freeze(Object.fromEntries(THROTTLE_SETTINGS.map((name) => [name, positive(env, name)]).filter(([, n]) => n !== undefined))) as Readonly<Record<string, number>>,
    /** AUTH_SECRET: the key that signs session cookies; unset, one generated and kept (lib/auth-secret.ts). */
    authSecret: env.AUTH_SECRET || undefined,
    /** TOTP_ENCRYPTION_KEY: the key two-step sign-in secrets are sealed with at rest; unset, one derived from the auth secret (lib/auth-secret.ts `totpKey`). */
    totpEncryptionKey: totpEncryptionKey(env.TOTP_ENCRYPTION_KEY),
    /** OIDC_*: single sign-on's provider, or undefined (see `oidc` above). */
    oidc: oidc(env),
    /** TRUSTED_PROXIES, as written (lib/net/client-address.ts parses it). */
    trustedProxies: env.TRUSTED_PROXIES,
    /** CALLBACK_POLICY and CALLBACK_PORTS, as written (lib/callbacks/policy.ts reads them). */
    callbackPolicy: env.CALLBACK_POLICY,
    callbackPorts: env.CALLBACK_PORTS,
    /** TEST_CLOCK=1 (the integration tests' servers only): the server runs on a clock tests move (server/main.ts, server/clock-control.ts). */
    testClock: env.TEST_CLOCK === "1",
    /** OPERATOR_EMAILS is set: no longer read, the start warns (server/main.ts). */
    operatorEmailsGiven: Boolean(env.OPERATOR_EMAILS),
    /** The record these settings were made from, for `reconfigured` only: no module reads it. */
    source: Object.freeze({ ...env }) as Env,
  };
  return Object.freeze(settings);
}

/** The portal's settings (`makeConfig`): frozen. */
export type Config = ReturnType<typeof makeConfig>;

/** The settings `config` was made from with `changes` (a bound port, the origin the command line links to). */
export const reconfigured = (config: Config, changes: Env): Config => makeConfig({ ...config.source, ...changes });

/** Filesystem path of a `file:` SQLite URL, resolved against the working directory. */
export function sqlitePath(url: string): string {
  const p = url.replace(/^file:/, "").replace(/\?.*$/, "");
  return path.isAbsolute(p) ? p : path.join(/*turbopackIgnore: true*/ root, p);
}
