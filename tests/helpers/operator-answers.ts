// What the operator command line answers a test, in whichever process runs it:
// ./operator-server.ts (a process of its own, for the browser suite and the
// benchmark, which load no lib) and the integration suite's own process
// (./file-portal.ts registers it with ./operator.ts `answerInProcess`; ./apps.ts
// `cli`), where each session runs in a runtime of its own on the database and
// origin it names, as a process of its own would, one request after another,
// its answers passed through JSON as a process's are: no Node, tsx and lib
// loaded again for each file's set-ups.
import { realClock } from "@/lib/clock";
import { commandLine } from "@/lib/cli/main";
import { makeConfig } from "@/lib/config";
import { closeDatabases } from "@/lib/db/hot-path";
import { enter, Runtime } from "@/lib/runtime";

/** `commands` through the command line's own runAdmin, one after another; "{appId}" in an argument is an earlier answer's field. */
export async function answerCommands(commands: string[][]): Promise<{ answers: unknown[] } | { error: string }> {
  const { runAdmin, describeError } = await import("@/lib/cli/admin");
  const fields: Record<string, string> = {};
  const answers: unknown[] = [];
  try {
    for (const command of commands) {
      const out = await runAdmin(command.map((a) => a.replace(/\{(\w+)\}/g, (_, name: string) => fields[name] ?? `{${name}}`)));
      answers.push(out);
      if (out && typeof out === "object") for (const [k, v] of Object.entries(out)) if (typeof v === "string") fields[k] = v;
    }
    return { answers };
  } catch (e) {
    return { error: describeError(e) };
  }
}

/** What scripts/admin.ts would print and exit with for `argv` (its stdin is not the test's: no --password-stdin here). */
export const answerArgv = (argv: string[]) => commandLine(argv).then((run) => ({ run }));

export type Session = { ask: (request: Record<string, any>) => Promise<Record<string, any>>; end: () => Promise<void> };

/** A session's answers in this process, in a runtime of its own on the settings of this process's environment with `env` over it. */
export function inProcessSession(answer: (request: Record<string, any>) => Promise<object>, env: Record<string, string>): Session {
  const rt = new Runtime(realClock, makeConfig({ ...process.env, ...env }));
  let last: Promise<unknown> = import("@/lib/db/migrate").then((m) => enter(rt, () => m.applyMigrations()));
  return {
    ask: (request) => {
      // One after another, as the process read its lines: the command line reconfigures its runtime while a command runs.
      const next = last.then(() => enter(rt, () => answer(request)));
      last = next.catch(() => undefined);
      return next.then((a) => JSON.parse(JSON.stringify({ ...a, id: request.id })));
    },
    end: async () => {
      await last;
      await enter(rt, closeDatabases);
      await rt.stop();
    },
  };
}

const commandLines = new Map<string, Session>();

/** `cli`'s session for this file's database and `env` (./apps.ts): made on first use, ended by `endCommandLines`. */
export function commandLineSession(env: Record<string, string>): Session {
  const key = JSON.stringify([process.env.DATABASE_URL, env]);
  let s = commandLines.get(key);
  if (!s) commandLines.set(key, (s = inProcessSession((r) => answerArgv(r.argv), env)));
  return s;
}

/** Ends every `cli` session (a file's end, ./file-portal.ts). */
export async function endCommandLines(): Promise<void> {
  const all = [...commandLines.values()];
  commandLines.clear();
  await Promise.all(all.map((s) => s.end()));
}
