// The operator command line (README: How the sandbox behaves). Each command
// calls the same service functions as the console and returns one JSON document.
import { ApiError } from "@/lib/errors";
import { createApp, inspectorUrl, listAllApps, listApps, rotateSigningSecret, setPerMinute, setSuspended } from "@/lib/services/apps";
import { createKeyPair, revokeKeyPair } from "@/lib/services/keys";
import { issueLink } from "@/lib/services/recovery";
import { review, subscribe } from "@/lib/services/subscriptions";
import { ownTeamId } from "@/lib/services/teams";
import { resetTotp } from "@/lib/services/totp";
import { createUser, grantOperator, listUsers, userByEmail } from "@/lib/services/users";
import { getDevSettings, resetApp, updateDevSettings, waitForCallback } from "@/lib/devapi";
import { replayFailed, resendDelivery } from "@/lib/callbacks";
import { addTestNumber, listTestNumbers, removeTestNumber } from "@/lib/devapi/test-numbers";
import { passwordOption } from "./password";
import { parse, Usage, USAGE, UsageError, version } from "./usage";

export { Usage, UsageError };

type Opts = Record<string, string | boolean | undefined>;

/** `--limit N` (1–500, default 50) and `--after ID` (the last id of the page before). */
function page(o: Opts): { take: number; cursor?: string } {
  const take = typeof o.limit === "string" ? Number(o.limit) : 50;
  if (!Number.isInteger(take) || take < 1 || take > 500) throw new UsageError("--limit takes a whole number from 1 to 500");
  return typeof o.after === "string" ? { take, cursor: o.after } : { take };
}

function need(o: Opts, name: string): string {
  const v = o[name];
  if (typeof v !== "string" || v === "") throw new UsageError(`--${name} is required`);
  return v;
}

const commands: Record<string, (o: Opts) => Promise<unknown>> = {
  async "user create"(o) {
    const email = need(o, "email");
    const u = await createUser({ email, password: await passwordOption(o), operator: Boolean(o.operator) });
    return { userId: u.id, email: u.email, operator: u.operator };
  },
  async "user operator"(o) {
    const u = await grantOperator(need(o, "email"));
    return { userId: u.id, email: u.email, operator: u.operator };
  },
  async "user reset-link"(o) {
    return issueLink(need(o, "email"));
  },
  async "user reset-totp"(o) {
    // Turns two-step sign-in off for a locked-out account; its audit gets totp.disabled with no actor (the operator's command line).
    return resetTotp((await userByEmail(need(o, "email"))).id);
  },
  async "app create"(o) {
    const owner = await userByEmail(need(o, "owner"));
    const app = await createApp({ teamId: await ownTeamId(owner.id), name: need(o, "name"), callbackUrl: o["callback-url"] ?? "" });
    return { appId: app.id, name: app.name, inspectorUrl: inspectorUrl(app.id) };
  },
  async "app suspend"(o) {
    const app = await setSuspended(need(o, "app"), true);
    return { appId: app.id, suspended: app.suspended };
  },
  async "app resume"(o) {
    const app = await setSuspended(need(o, "app"), false);
    return { appId: app.id, suspended: app.suspended };
  },
  async "app limit"(o) {
    const app = await setPerMinute(need(o, "app"), need(o, "per-minute"));
    return { appId: app.id, perMinute: app.perMinute };
  },
  async "app rotate-secret"(o) {
    const r = await rotateSigningSecret(need(o, "app"), o["grace-hours"]);
    // The new secret is printed this once (as key create prints a consumer secret), so scripts can verify with it.
    return { appId: need(o, "app"), signingSecret: r.signingSecret, previousSecretExpiresAt: r.previousSecretExpiresAt };
  },
  async "user list"(o) {
    return { users: await listUsers(page(o)) };
  },
  async "app list"(o) {
    const apps = typeof o.owner === "string" ? (await listApps((await userByEmail(o.owner)).id)).slice(0, page(o).take) : await listAllApps(page(o));
    return {
      apps: apps.map((a) => ({
        id: a.id, name: a.name, teamId: a.teamId, team: a.team.name, suspended: a.suspended, perMinute: a.perMinute,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  },
  async "app settings"(o) {
    const appId = need(o, "app");
    const num = (name: string) => (typeof o[name] === "string" ? Number(o[name]) : undefined);
    const flag = (name: string) => {
      const v = o[name];
      if (v === undefined) return undefined;
      if (v !== "on" && v !== "off") throw new UsageError(`--${name} takes on or off`);
      return v === "on";
    };
    const patch = {
      timeScale: num("time-scale"),
      callbackFaults: { duplicate: flag("duplicate"), badSignature: flag("bad-signature"), extraDelayMs: num("extra-delay-ms") },
      inspectorMode: { status: num("inspector-status"), delayMs: num("inspector-delay-ms"), failFirst: num("inspector-fail-first") },
    };
    return { appId, ...(await (Object.values(o).length > 1 ? updateDevSettings(appId, patch) : getDevSettings(appId))) };
  },
  async "app reset"(o) {
    return resetApp(need(o, "app"));
  },
  async "deliveries replay"(o) {
    const since = need(o, "since");
    return { appId: need(o, "app"), ...(await replayFailed(need(o, "app"), new Date(since), typeof o.url === "string" ? o.url : undefined)) };
  },
  async "deliveries resend"(o) {
    const { status, error, responseBody, durationMs, delayed } = await resendDelivery(need(o, "delivery"), need(o, "app"));
    return { deliveryId: need(o, "delivery"), status, error, responseBody, durationMs, ...(delayed ? { delayedUntil: delayed.until.toISOString(), delayReason: delayed.reason } : {}) };
  },
  async "deliveries wait"(o) {
    const str = (name: string) => (typeof o[name] === "string" ? (o[name] as string) : undefined);
    const timeout = Number(str("timeout") ?? 30);
    if (!Number.isFinite(timeout) || timeout < 0 || timeout > 60) throw new UsageError("--timeout takes seconds from 0 to 60");
    return waitForCallback(need(o, "app"), { resourceId: str("resource"), reference: str("reference"), deliveryId: str("delivery") }, timeout);
  },
  async "test-number add"(o) {
    const input = { operationId: need(o, "operation"), field: need(o, "field"), value: need(o, "value"), scenario: need(o, "scenario") };
    return { appId: need(o, "app"), ...(await addTestNumber(need(o, "app"), input)) };
  },
  async "test-number list"(o) {
    return { appId: need(o, "app"), ...(await listTestNumbers(need(o, "app"))) };
  },
  async "test-number remove"(o) {
    if ((typeof o.id === "string") === (typeof o.value === "string")) throw new UsageError("test-number remove takes exactly one of --id, --value");
    const which = typeof o.id === "string" ? { id: o.id } : { value: o.value as string };
    return { appId: need(o, "app"), ...(await removeTestNumber(need(o, "app"), which)) };
  },
  async "key create"(o) {
    const k = await createKeyPair(need(o, "app"));
    return { consumerKey: k.consumerKey, consumerSecret: k.consumerSecret };
  },
  async "key revoke"(o) {
    const r = await revokeKeyPair(need(o, "key"));
    return { consumerKey: r.consumerKey, revokedAt: r.revokedAt.toISOString() };
  },
  async subscribe(o) {
    return subscribe(need(o, "app"), need(o, "group"));
  },
  async review(o) {
    if (Boolean(o.approve) === Boolean(o.reject)) throw new UsageError("review takes exactly one of --approve, --reject");
    return review(need(o, "app"), need(o, "group"), Boolean(o.approve), "command line", typeof o.reason === "string" ? o.reason : undefined);
  },
};

export async function runAdmin(argv: string[]): Promise<unknown> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const pos = parsed.positionals;
  if (parsed.values.help || (pos.length === 1 && pos[0] === "help")) return new Usage(USAGE);
  if (parsed.values.version) return new Usage(version());
  const name = commands[pos.slice(0, 2).join(" ")] && pos.length === 2 ? pos.join(" ") : pos.length === 1 ? pos[0]! : "";
  const command = commands[name];
  if (!command) throw new UsageError(pos.length ? `unknown command "${pos.join(" ")}"` : "no command");
  return command(parsed.values);
}

export function describeError(e: unknown): string {
  if (e instanceof UsageError) return e.message;
  if (e instanceof ApiError) return `${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}
