// The operator command line as README "Operator command line" describes it: one JSON document on stdout, errors on stderr.
// `cli` answers what the process would (lib/cli/main.ts commandLine, in one process kept for
// the file); the process itself (scripts/admin.ts: what it prints, its exit code, its stdin
// and terminal) is started for each case below that says so.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { signInOverHttp } from "../helpers/from-address";
import { cli, fetchToken, origin } from "../helpers/apps";

describe("npm run admin", () => {
  it("runs the whole set-up: user, app, key, subscriptions, review, suspend, limit, revoke", async () => {
    const email = `op-${randomBase62(8).toLowerCase()}@example.com`;
    const user = await cli("user", "create", "--email", email, "--password", "long enough pw", "--operator");
    expect(user.code).toBe(0);
    expect(user.stdout.trim().split("\n")).toHaveLength(1);
    expect(user.json).toEqual({ userId: expect.stringMatching(/^usr_/), email, operator: true });

    const app = (await cli("app", "create", "--owner", email, "--name", "Shop", "--callback-url", "https://shop.test/cb")).json;
    expect(app).toEqual({ appId: expect.stringMatching(/^app_[0-9A-Za-z]{22}$/), name: "Shop", inspectorUrl: `${origin()}/inspect/${app.appId}` });

    const key = (await cli("key", "create", "--app", app.appId)).json;
    expect(key.consumerKey).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(key.consumerSecret).toMatch(/^[A-Za-z0-9_-]{32,}$/);

    expect((await cli("subscribe", "--app", app.appId, "--group", "Payments")).json).toEqual({ appId: app.appId, group: "Payments", status: "ACTIVE" });
    expect((await cli("subscribe", "--app", app.appId, "--group", "treasury")).json).toEqual({ appId: app.appId, group: "Treasury", status: "PENDING" });
    expect((await cli("review", "--app", app.appId, "--group", "Treasury", "--approve")).json).toEqual({ appId: app.appId, group: "Treasury", status: "ACTIVE" });
    expect((await cli("app", "suspend", "--app", app.appId)).json).toEqual({ appId: app.appId, suspended: true });
    expect((await cli("app", "resume", "--app", app.appId)).json).toEqual({ appId: app.appId, suspended: false });
    expect((await cli("app", "limit", "--app", app.appId, "--per-minute", "1000")).json).toEqual({ appId: app.appId, perMinute: 1000 });
    const revoked = await cli("key", "revoke", "--key", key.consumerKey);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.json.consumerKey).toBe(key.consumerKey);
  });

  it("the keys it makes fetch a token", async () => {
    const email = `u-${randomBase62(8).toLowerCase()}@example.com`;
    await cli("user", "create", "--email", email, "--password", "long enough pw");
    const app = (await cli("app", "create", "--owner", email, "--name", "A")).json;
    const key = (await cli("key", "create", "--app", app.appId)).json;
    expect((await fetchToken(key.consumerKey, key.consumerSecret)).status).toBe(200);
  });

  it("help prints the commands as text; user list and app list find what was made, newest first, a page at a time", async () => {
    for (const args of [["help"], ["--help"]]) {
      const help = await cli(...args);
      expect([help.code, help.json]).toEqual([0, null]); // text for a person, not JSON
      expect(help.stdout).toMatch(/^usage: npm run --silent admin/);
      expect(help.stdout).toContain("app list [--owner E]");
    }
    const email = `l-${randomBase62(8).toLowerCase()}@example.com`;
    const user = (await cli("user", "create", "--email", email, "--password", "long enough pw")).json;
    const first = (await cli("app", "create", "--owner", email, "--name", "First")).json;
    const second = (await cli("app", "create", "--owner", email, "--name", "Second")).json;

    const users = (await cli("user", "list", "--limit", "500")).json.users;
    expect(users.find((u: { id: string }) => u.id === user.userId)).toEqual({ id: user.userId, email, operator: false, apps: 2, createdAt: expect.any(String) });
    expect(JSON.stringify(users)).not.toMatch(/passwordHash|scrypt/);

    const own = (await cli("app", "list", "--owner", email)).json.apps;
    expect(own.map((a: { id: string; name: string; team: string }) => [a.id, a.name, a.team])).toEqual([
      [second.appId, "Second", email],
      [first.appId, "First", email],
    ]);
    const onePage = (await cli("app", "list", "--limit", "1")).json.apps;
    expect(onePage).toHaveLength(1);
    const next = (await cli("app", "list", "--limit", "1", "--after", onePage[0].id)).json.apps;
    expect(next).toHaveLength(1);
    expect(next[0].id).not.toBe(onePage[0].id);
    expect(JSON.stringify([own, onePage])).not.toMatch(/signingSecret|whsec_/);
  });

  it.each([
    [["nonsense"], /unknown command "nonsense"/],
    [[], /no command/],
    [["app", "list", "--limit", "0"], /--limit takes a whole number from 1 to 500/],
    [["user", "create", "--email", "x@example.com"], /user create needs a password: --password-stdin/],
    [["user", "create", "--email", "x@example.com", "--password", "p", "--password-stdin"], /not both/],
    [["review", "--app", "app_x", "--group", "Treasury"], /exactly one of --approve, --reject/],
    [["key", "create", "--bogus"], /Unknown option/],
    [["key", "create"], /--app is required/],
  ])("a wrong command line %j: exit 2, one line on stderr (not the usage), nothing on stdout", async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it.each([
    [["app", "list", "--owner", "nobody@example.com"], /no user with email/],
    [["user", "create", "--email", "not-an-email", "--password", "long enough pw"], /email must be a valid email address/],
    [["app", "create", "--owner", "nobody@example.com", "--name", "N"], /no user with email/],
    [["subscribe", "--app", "app_missing", "--group", "Payments"], /no app app_missing/],
    [["subscribe", "--app", "app_missing", "--group", "Gold"], /group must be one of Payments, Treasury, Identity, Messaging/],
    [["app", "limit", "--app", "app_x", "--per-minute=0"], /per-minute limit must be at least 1/],
    [["key", "revoke", "--key", "nope"], /no such key pair/],
  ])("%j fails on stderr with exit 1 and nothing on stdout", async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
  });

  it("--version prints the portal's version", async () => {
    const r = await cli("--version");
    expect([r.code, r.stdout, r.stderr]).toEqual([0, `${JSON.parse(fs.readFileSync("package.json", "utf8")).version}\n`, ""]);
  });

  it("the process prints what the command line answers and exits with its code: JSON and 0, a wrong command line's 2, a failure's 1", async () => {
    const cases: [string[], number, RegExp, RegExp | ""][] = [
      [["user", "list", "--limit", "1"], 0, /^\{"users":\[.*\]\}\n$/, ""],
      [["nonsense"], 2, /^$/, /^error: unknown command "nonsense" \(help lists the commands and their options\)\n$/],
      [["key", "revoke", "--key", "nope"], 1, /^$/, /^error: .*no such key pair.*\n$/],
    ];
    for (const [args, code, stdout, stderr] of cases) {
      const r = await admin(args, {});
      expect([args, r.code], r.stderr).toEqual([args, code]);
      expect(r.stdout).toMatch(stdout);
      if (stderr === "") expect(r.stderr).toBe("");
      else expect(r.stderr).toMatch(stderr);
    }
  });

  it("user create takes the password from stdin (--password-stdin), in a process of its own: the account signs in with it", async () => {
    const email = `stdin-${randomBase62(8).toLowerCase()}@example.com`;
    const r = await admin(["user", "create", "--email", email, "--password-stdin"], { stdin: "a password from stdin\n" });
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(JSON.parse(r.stdout)).toMatchObject({ email, operator: false });
    expect((await signInOverHttp(origin(), email, "a password from stdin")).session).not.toBeNull();
    expect((await signInOverHttp(origin(), email, "a password from stdin\n")).session).toBeNull();
  });

  it("user create on a terminal without a password option asks for it twice, without echo, in a process of its own", async () => {
    const email = `tty-${randomBase62(8).toLowerCase()}@example.com`;
    const password = "typed on a terminal";
    // script(1) runs the command on a pseudo-terminal; what it prints comes back on its stdout.
    const r = await admin(["user", "create", "--email", email], { terminal: true, answers: [["Password: ", `${password}\r`], ["Password again: ", `${password}\r`]] });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).not.toContain(password);
    expect(r.stdout).toMatch(new RegExp(`"email":"${email}"`));
    expect((await signInOverHttp(origin(), email, password)).session).not.toBeNull();
  });
});

/**
 * The command line with stdin: given text, or (terminal) a pseudo-terminal from
 * script(1), each answer typed once its prompt has appeared.
 */
function admin(args: string[], opts: { stdin?: string; terminal?: boolean; answers?: [string, string][] }) {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  const command = [tsx, "scripts/admin.ts", ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const child = opts.terminal
    ? spawn("script", ["-qec", command, "/dev/null"], { cwd: root, env: { ...process.env, PUBLIC_URL: origin() } })
    : spawn(tsx, ["scripts/admin.ts", ...args], { cwd: root, env: { ...process.env, PUBLIC_URL: origin() } });
  let stdout = "";
  let stderr = "";
  const answers = [...(opts.answers ?? [])];
  let seen = 0; // where the next prompt is looked for
  child.stdout.setEncoding("utf8").on("data", (t: string) => {
    stdout += t;
    for (let at = answers.length ? stdout.indexOf(answers[0]![0], seen) : -1; at >= 0; at = answers.length ? stdout.indexOf(answers[0]![0], seen) : -1) {
      const [prompt, typed] = answers.shift()!;
      seen = at + prompt.length;
      child.stdin.write(typed);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr })));
}
