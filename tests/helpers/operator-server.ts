// The operator command line kept running for a test process (./operator.ts
// `operatorSession`, which `cliBatch` uses): one JSON request per line on stdin,
// {"id", "commands"} (commands are arrays of arguments, "{appId}" replaced by an
// earlier answer's field), one JSON answer per line on stdout, {"id", "answers"} or
// {"id", "error"}. Each command goes through the command line's own runAdmin
// (./operator-answers.ts, which the integration suite runs in its own process);
// starting a process per set-up cost seconds on a busy machine.
import readline from "node:readline";
import { config } from "@/lib/runtime";

void config.dialect;
const { applyMigrations } = await import("@/lib/db/migrate");
const { answerCommands } = await import("./operator-answers");
await applyMigrations();

process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, commands } = JSON.parse(line) as { id: number; commands: string[][] };
  process.stdout.write(`${JSON.stringify({ id, ...(await answerCommands(commands)) })}\n`);
}
process.exit(0);
