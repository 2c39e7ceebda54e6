// An app set up as an operator does it (the operator command line), and the
// token request as an integrator makes it (Basic auth, form body). No test-runner
// and no app imports (importing lib/ would fix the database settings at load
// time): integration tests, browser tests and the benchmark share it.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/** The token request's Authorization header for a key pair. */
export const basicAuth = (consumerKey: string, consumerSecret: string) => `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`;

/** The token request as an integrator sends it: Basic auth and the form body; `headers` add to it. */
export const tokenRequest = (consumerKey: string, consumerSecret: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { authorization: basicAuth(consumerKey, consumerSecret), "content-type": "application/x-www-form-urlencoded", ...headers },
  body: "grant_type=client_credentials",
});

export async function requestToken(origin: string, consumerKey: string, consumerSecret: string): Promise<Response> {
  return fetch(`${origin}/sandbox/oauth/v1/token`, tokenRequest(consumerKey, consumerSecret));
}

/** The access token, or an error naming what the endpoint answered. */
export async function accessToken(origin: string, consumerKey: string, consumerSecret: string): Promise<string> {
  const r = await requestToken(origin, consumerKey, consumerSecret);
  if (r.status !== 200) throw new Error(`token endpoint answered ${r.status}: ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

/** The emails of the newest 500 accounts on that database, newest first (the operator's `user list`). */
export async function userEmails(dbUrl: string, origin: string): Promise<string[]> {
  return ((await cliOn(dbUrl, origin, "user", "list", "--limit", "500")) as { users: { email: string }[] }).users.map((u) => u.email);
}

/** One operator command, through cliBatch's process: its answer. */
export async function cliOn(dbUrl: string, origin: string, ...args: string[]): Promise<any> {
  return (await cliBatch(dbUrl, origin, [args]))[0];
}

/**
 * One operator command in a process of its own (`scripts/admin.ts`), with `env`
 * added to its settings (cliBatch's process keeps the settings it started with):
 * its answer. It does not block this process: a blocked event loop cannot see the
 * server close an idle keep-alive connection, and the next fetch would fail.
 */
export function cliWith(env: Record<string, string>, dbUrl: string, origin: string, ...args: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["scripts/admin.ts", ...args],
      // A command that has not ended in 45 s is stopped, and the test fails with what it wrote, not at its own time limit.
      { cwd: root, env: { ...process.env, ...env, DATABASE_URL: dbUrl, PUBLIC_URL: origin }, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, timeout: 45_000, killSignal: "SIGKILL" },
      (error, stdout, stderr) => {
        if (error?.killed) return reject(new Error(`admin ${args.join(" ")} had not ended after 45 s; it wrote: ${stderr || "(nothing on stderr)"} ${stdout}`));
        if (error) return reject(new Error(`admin ${args.join(" ")}: ${stderr || error.message}`));
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`admin ${args.join(" ")} printed no JSON: ${stdout.slice(0, 200)}`));
        }
      },
    );
  });
}

const sessions = new Map<string, ReturnType<typeof operatorSession>>();

/**
 * Several commands through the operator command line's own code: "{appId}" in an
 * argument is an earlier answer's appId. One operator process per database and
 * server for this test process (operatorSession below), started on first use:
 * a process per set-up cost seconds on a busy machine.
 */
export async function cliBatch(dbUrl: string, origin: string, commands: string[][]): Promise<Record<string, string>[]> {
  const key = `${dbUrl}\n${origin}`;
  let session = sessions.get(key);
  if (!session) sessions.set(key, (session = operatorSession(dbUrl, origin)));
  return session.run(commands);
}

/**
 * A helper process kept running for this test process: `script` reads one JSON
 * request a line on stdin and writes one JSON answer a line on stdout, each with
 * the request's "id" (./operator-server.ts). Started on
 * first use; it ends when this process does, or at `endLineSessions`.
 */
export function lineSession(script: string, env: Record<string, string>): (request: object) => Promise<Record<string, any>> {
  const here = inProcess.get(script)?.(env);
  if (here) {
    ending.add(here.end);
    return here.ask;
  }
  let child: ChildProcess | null = null;
  let stderr = "";
  let nextId = 0;
  const waiting = new Map<number, { resolve: (a: Record<string, any>) => void; reject: (e: Error) => void }>();
  const failAll = (why: string) => {
    for (const w of waiting.values()) w.reject(new Error(`${script}: ${why}`));
    waiting.clear();
    child = null;
  };
  const start = () => {
    const c = spawn(path.join(root, "node_modules", ".bin", "tsx"), [script], { cwd: root, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let buffer = "";
    c.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        let msg: Record<string, any>;
        try {
          msg = JSON.parse(line);
        } catch {
          continue; // not an answer (a log line)
        }
        const w = msg.id === undefined ? undefined : waiting.get(msg.id);
        if (!w) continue;
        waiting.delete(msg.id);
        if (!waiting.size) hold(false);
        w.resolve(msg);
      }
    });
    c.stderr!.setEncoding("utf8").on("data", (t: string) => (stderr = (stderr + t).slice(-4000)));
    c.on("exit", (code) => failAll(`exited (${code}): ${stderr}`));
    c.on("error", (e) => failAll(e.message));
    return c;
  };
  // Keeps this process alive only while an answer is awaited: idle, it ends with this process.
  const hold = (on: boolean) => {
    if (!child) return;
    for (const h of [child, child.stdin, child.stdout, child.stderr] as unknown as { ref?: () => void; unref?: () => void }[]) {
      if (on) h.ref?.();
      else h.unref?.();
    }
  };
  ending.add(async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((done) => c.once("exit", done));
    c.kill();
    await exited;
  });
  return (request) => {
    child ??= start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      hold(true);
      child!.stdin!.write(`${JSON.stringify({ ...request, id })}\n`);
    });
  };
}

const ending = new Set<() => Promise<void>>();

type Answers = (env: Record<string, string>) => { ask: (request: Record<string, any>) => Promise<Record<string, any>>; end: () => Promise<void> };
const inProcess = new Map<string, Answers>();

/**
 * `script`'s requests answered in this process from now on, by a session `answers` makes for each
 * `lineSession(script, env)`, instead of by a helper process: the integration suite, which loads
 * lib anyway (./file-portal.ts with ./operator-answers.ts). The browser suite and the benchmark
 * load no lib and keep the processes.
 */
export function answerInProcess(script: string, answers: Answers): void {
  inProcess.set(script, answers);
}

/** Ends every helper process this test process started and forgets the sessions: a test file's end, when its worker runs another file next (./file-portal.ts). */
export async function endLineSessions(): Promise<void> {
  const ends = [...ending];
  ending.clear();
  sessions.clear();
  await Promise.all(ends.map((end) => end()));
}

/**
 * One operator process kept running for this test process (./operator-server.ts):
 * `run(commands)` answers like cliBatch without starting a process per set-up.
 */
export function operatorSession(dbUrl: string, origin: string) {
  const ask = lineSession("tests/helpers/operator-server.ts", { DATABASE_URL: dbUrl, PUBLIC_URL: origin });
  return {
    async run(commands: string[][]): Promise<Record<string, string>[]> {
      const msg = await ask({ commands });
      if (msg.error !== undefined) throw new Error(`admin: ${msg.error}`);
      return msg.answers;
    },
  };
}

/** The password of the users setUpApp makes. */
export const OWN_PASSWORD = "long enough pw";

/**
 * A user, an app subscribed to `groups` (Payments; Treasury approved) with a raised limit, its key pair and a
 * token, on the database of the server at `origin` — all through the operator command line.
 */
export async function setUpApp(
  dbUrl: string, origin: string, perMinute = 10_000, groups = ["Payments"],
): Promise<{ appId: string; token: string; email: string; keys: { consumerKey: string; consumerSecret: string } }> {
  const email = `d-${randomUUID().slice(0, 8)}@example.com`;
  const answers = await cliBatch(dbUrl, origin, [
    ["user", "create", "--email", email, "--password", OWN_PASSWORD],
    ["app", "create", "--owner", email, "--name", "Own"],
    ...groups.map((group) => ["subscribe", "--app", "{appId}", "--group", group]),
    ...groups.filter((group) => group === "Treasury").map((group) => ["review", "--app", "{appId}", "--group", group, "--approve"]),
    ["app", "limit", "--app", "{appId}", "--per-minute", String(perMinute)],
    ["key", "create", "--app", "{appId}"],
  ]);
  const { appId } = answers[1]!;
  const keys = { consumerKey: answers.at(-1)!.consumerKey!, consumerSecret: answers.at(-1)!.consumerSecret! };
  return { appId: appId!, token: await accessToken(origin, keys.consumerKey, keys.consumerSecret), email, keys };
}

/** A user and an app, no subscription, key or token: enough to post to its inspector. */
export async function bareApp(dbUrl: string, origin: string): Promise<{ appId: string; email: string }> {
  const email = `b-${randomUUID().slice(0, 8)}@example.com`;
  const answers = await cliBatch(dbUrl, origin, [
    ["user", "create", "--email", email, "--password", OWN_PASSWORD],
    ["app", "create", "--owner", email, "--name", "Bare"],
  ]);
  return { appId: answers[1]!.appId!, email };
}
