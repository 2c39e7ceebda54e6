// The operator command line kept running for a test process (./operator.ts
// `operatorSession`, which `cliBatch` uses): one JSON request per line on stdin,
// {"id", "commands"} (commands are arrays of arguments, "{appId}" replaced by an
// earlier answer's field), one JSON answer per line on stdout, {"id", "answers"} or
// {"id", "error"}. Each command goes through the command line's own runAdmin;
// starting a process per set-up cost seconds on a busy machine.
import readline from "node:readline";
import { config } from "@/lib/runtime";

void config.dialect;
const { applyMigrations } = await import("@/lib/db/migrate");
const { runAdmin, describeError } = await import("@/lib/cli/admin");
await applyMigrations();

async function run(commands: string[][]): Promise<unknown[]> {
  const fields: Record<string, string> = {};
  const answers: unknown[] = [];
  for (const command of commands) {
    const out = await runAdmin(command.map((a) => a.replace(/\{(\w+)\}/g, (_, name: string) => fields[name] ?? `{${name}}`)));
    answers.push(out);
    if (out && typeof out === "object") for (const [k, v] of Object.entries(out)) if (typeof v === "string") fields[k] = v;
  }
  return answers;
}

process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, commands } = JSON.parse(line) as { id: number; commands: string[][] };
  try {
    process.stdout.write(`${JSON.stringify({ id, answers: await run(commands) })}\n`);
  } catch (e) {
    process.stdout.write(`${JSON.stringify({ id, error: describeError(e) })}\n`);
  }
}
process.exit(0);
