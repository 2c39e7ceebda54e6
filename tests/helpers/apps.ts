// Test fixtures: users, apps and keys made through the same service functions
// as the command line (the CLI itself is tested in cli.test.ts), throwaway
// sandboxes made through the API, and a small HTTP client for the gateway
// (`base()`: {base_url}, the gateway's address under this file's portal).
import { createApp } from "@/lib/services/apps";
import { ownTeamId } from "@/lib/services/teams";
import { createKeyPair } from "@/lib/services/keys";
import { review, subscribe } from "@/lib/services/subscriptions";
import { createUser } from "@/lib/services/users";
import { randomBase62 } from "@/lib/ids";
import { fileOrigin } from "./file-portal";
import { requestToken } from "./operator";
import { commandLineSession } from "./operator-answers";

// This file's own portal (./file-portal.ts), started before its tests.
export const origin = () => fileOrigin();
export const base = () => `${fileOrigin()}/sandbox`;

export type Reply = { status: number; headers: Headers; body: any; text: string };

export async function http(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return reply(await fetch(url, { method, headers: init.headers, body: init.body }));
}

async function reply(r: Response): Promise<Reply> {
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, headers: r.headers, body, text };
}

export async function fetchToken(consumerKey: string, consumerSecret: string): Promise<Reply> {
  return reply(await requestToken(origin(), consumerKey, consumerSecret));
}

export type TestApp = Awaited<ReturnType<typeof newApp>>;

/** A user with one app, subscribed to `groups` (Treasury approved unless `pendingTreasury`), a key pair and a token. */
export async function newApp(opts: { groups?: string[]; callbackUrl?: string; pendingTreasury?: boolean } = {}) {
  const user = await createUser({ email: `t-${randomBase62(10).toLowerCase()}@example.com`, password: "correct horse battery" });
  const app = await createApp({ teamId: await ownTeamId(user.id), name: "Test app", callbackUrl: opts.callbackUrl ?? "" });
  for (const g of opts.groups ?? ["Payments", "Treasury", "Identity", "Messaging"]) {
    await subscribe(app.id, g);
    if (g === "Treasury" && !opts.pendingTreasury) await review(app.id, g, true);
  }
  const keys = await createKeyPair(app.id);
  const t = await fetchToken(keys.consumerKey, keys.consumerSecret);
  if (t.status !== 200) throw new Error(`token: ${t.status} ${t.text}`);
  const token: string = t.body.access_token;
  return { user, app, appId: app.id, keys, token, call: caller(token), inspectorUrl: `${origin()}/inspect/${app.id}` };
}

/** Gateway calls with `token`: a path under the mount, a body (JSON unless a string), extra headers. */
const caller = (token: string, at = base) => (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
  http(method, `${at()}${p}`, {
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

/** Gateway calls with `token`, as an app's `call`, to the portal at `origin` (a test's own: ./own-server.ts heldPortal). */
export const callAt = (origin: string, token: string) => caller(token, () => `${origin}/sandbox`);

/** What POST /dev/v1/sandboxes answers 201 with. */
export type CreatedSandbox = { appId: string; name: string; consumerKey: string; consumerSecret: string; signingSecret: string; inspectorUrl: string; expiresAt: string };

/** A created sandbox as its own client: its token from its key pair, then calls with it. */
export async function asSandbox(s: CreatedSandbox) {
  const t = await fetchToken(s.consumerKey, s.consumerSecret);
  if (t.status !== 200) throw new Error(`sandbox token: ${t.status} ${t.text}`);
  const token: string = t.body.access_token;
  return { ...s, token, call: caller(token) };
}

/** A throwaway sandbox of `parent` (POST {base_url}/dev/v1/sandboxes), as its own client. */
export async function newSandbox(parent: { call: TestApp["call"] }, body: unknown = { ttlSeconds: 600 }) {
  const r = await parent.call("POST", "/dev/v1/sandboxes", body);
  if (r.status !== 201) throw new Error(`sandbox: ${r.status} ${r.text}`);
  return asSandbox(r.body as CreatedSandbox);
}

/** A command line's stdout as JSON, or null when it printed none (help's text, an error). */
function jsonOr(stdout: string): any {
  try {
    return JSON.parse(stdout);
  } catch {
    return null;
  }
}

/**
 * The operator command line's answer to `args`: its exit code, stdout (and as JSON),
 * stderr — what scripts/admin.ts prints and exits with (lib/cli/main.ts commandLine),
 * run in this process on this file's database, as ./operator-answers.ts does it,
 * instead of a process per command. The process itself is tested in cli.test.ts,
 * with --password-stdin and the terminal prompt, which need a process of their own.
 */
export async function cli(...args: string[]): Promise<{ code: number; json: any; stdout: string; stderr: string }> {
  const { run } = (await commandLineSession({ PUBLIC_URL: origin() }).ask({ argv: args })) as { run: { code: number; stdout: string; stderr: string } };
  return { ...run, json: jsonOr(run.stdout) };
}

export const collectBody = (over: Record<string, unknown> = {}) => ({
  shortCode: "174379",
  amount: 100,
  currency: "KES",
  phoneNumber: "254712345678",
  reference: `INV-${randomBase62(8)}`,
  callbackUrl: "https://example.com/cb",
  ...over,
});

/** What an app's KES float has given (reserved and paid out) from its default 1,000,000, read through GET /dev/v1/float on `origin` with `token`. */
export async function kesGiven(token: string, at = origin()): Promise<number> {
  const r = await http("GET", `${at}/sandbox/dev/v1/float`, { headers: { authorization: `Bearer ${token}` } });
  if (r.status !== 200) throw new Error(`float: ${r.status} ${r.text}`);
  return 1_000_000 - (r.body.balances as { currency: string; available: number }[]).find((b) => b.currency === "KES")!.available;
}
