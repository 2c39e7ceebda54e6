// What the operator command line answers a test, in whichever process runs it:
// ./operator-server.ts and ./command-line-server.ts (a process of their own, for
// the browser suite and the benchmark, which load no lib), and the integration
// suite's own process (./file-portal.ts `answerInProcess`), where each session
// runs in a runtime of its own on the database and origin it names, as a process
// of its own would: no Node, tsx and lib loaded again for each file's set-ups.
import { realClock } from "@/lib/clock";
import { commandLine } from "@/lib/cli/main";
import { makeConfig } from "@/lib/config";
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

/** What scripts/admin.ts would print and exit with for `argv`. */
export const answerArgv = (argv: string[]) => commandLine(argv).then((run) => ({ run }));

/** A session's answers in this process, in a runtime of its own on the settings of this process's environment with `env` over it. */
export function inProcessSession(answer: (request: Record<string, any>) => Promise<object>, env: Record<string, string>) {
  const rt = new Runtime(realClock, makeConfig({ ...process.env, ...env }));
  let migrated: Promise<void> | undefined;
  return {
    ask: (request: Record<string, any>) =>
      enter(rt, async () => {
        migrated ??= import("@/lib/db/migrate").then(async (m) => void (await m.applyMigrations()));
        await migrated;
        return { ...(await answer(request)), id: request.id };
      }),
    end: () => rt.stop(),
  };
}
