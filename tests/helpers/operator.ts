// An app set up as an operator does it (the operator command line), and the
// token request as an integrator makes it (Basic auth, form body). No test-runner
// and no app imports (importing lib/ would fix the database settings at load
// time): integration tests, browser tests and the benchmark share it.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

export async function requestToken(origin: string, consumerKey: string, consumerSecret: string): Promise<Response> {
  return fetch(`${origin}/sandbox/oauth/v1/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
}

/** The access token, or an error naming what the endpoint answered. */
export async function accessToken(origin: string, consumerKey: string, consumerSecret: string): Promise<string> {
  const r = await requestToken(origin, consumerKey, consumerSecret);
  if (r.status !== 200) throw new Error(`token endpoint answered ${r.status}: ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

export async function cliOn(dbUrl: string, origin: string, ...args: string[]): Promise<any> {
  return tsx(dbUrl, origin, "scripts/admin.ts", ...args);
}

/** Several commands in one process (./operator-batch.ts): "{appId}" in an argument is an earlier answer's appId. */
export async function cliBatch(dbUrl: string, origin: string, commands: string[][]): Promise<Record<string, string>[]> {
  return tsx(dbUrl, origin, "tests/helpers/operator-batch.ts", JSON.stringify(commands));
}

/**
 * Runs a command in its own process without blocking this one: a blocked event
 * loop cannot see the server close an idle keep-alive connection, and the next
 * fetch would go out on it and fail with "other side closed".
 */
function tsx(dbUrl: string, origin: string, ...args: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(root, "node_modules", ".bin", "tsx"),
      args,
      { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl, PUBLIC_URL: origin }, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`admin ${args.slice(1).join(" ")}: ${stderr || error.message}`));
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`admin ${args.slice(1).join(" ")} printed no JSON: ${stdout.slice(0, 200)}`));
        }
      },
    );
  });
}

/**
 * A user, an app subscribed to `groups` (Payments) with a raised limit, and a token, on the
 * database of the server at `origin` — all through the operator command line.
 */
export async function setUpApp(dbUrl: string, origin: string, perMinute = 10_000, groups = ["Payments"]): Promise<{ appId: string; token: string }> {
  const email = `d-${randomUUID().slice(0, 8)}@example.com`;
  const answers = await cliBatch(dbUrl, origin, [
    ["user", "create", "--email", email, "--password", "long enough pw"],
    ["app", "create", "--owner", email, "--name", "Own"],
    ...groups.map((group) => ["subscribe", "--app", "{appId}", "--group", group]),
    ["app", "limit", "--app", "{appId}", "--per-minute", String(perMinute)],
    ["key", "create", "--app", "{appId}"],
  ]);
  const { appId } = answers[1]!;
  const { consumerKey, consumerSecret } = answers.at(-1)!;
  return { appId: appId!, token: await accessToken(origin, consumerKey!, consumerSecret!) };
}

/** A user and an app, no subscription, key or token: enough to post to its inspector. */
export async function bareApp(dbUrl: string, origin: string): Promise<{ appId: string; email: string }> {
  const email = `b-${randomUUID().slice(0, 8)}@example.com`;
  const answers = await cliBatch(dbUrl, origin, [
    ["user", "create", "--email", email, "--password", "long enough pw"],
    ["app", "create", "--owner", email, "--name", "Bare"],
  ]);
  return { appId: answers[1]!.appId!, email };
}
