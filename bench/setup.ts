// The app under test, set up the way an operator does it: the operator command
// line (contract: Operator command line), then a token from the token endpoint.
import { execFileSync } from "node:child_process";

function admin(env: NodeJS.ProcessEnv, ...args: string[]): Record<string, string> {
  const out = execFileSync("npm", ["run", "--silent", "admin", "--", ...args], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return JSON.parse(out) as Record<string, string>;
}

export type BenchApp = { appId: string; token: string };

export async function setUpApp(origin: string, databaseUrl: string): Promise<BenchApp> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: origin };
  const email = `bench-${Date.now()}@example.com`;
  admin(env, "user", "create", "--email", email, "--password", "bench password 1");
  const { appId } = admin(env, "app", "create", "--owner", email, "--name", "Benchmark");
  admin(env, "subscribe", "--app", appId!, "--group", "Payments");
  admin(env, "app", "limit", "--app", appId!, "--per-minute", "1000000");
  const { consumerKey, consumerSecret } = admin(env, "key", "create", "--app", appId!);
  const r = await fetch(`${origin}/sandbox/oauth/v1/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (r.status !== 200) throw new Error(`token endpoint answered ${r.status}: ${await r.text()}`);
  const { access_token } = (await r.json()) as { access_token: string };
  return { appId: appId!, token: access_token };
}
