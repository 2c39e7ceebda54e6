// The operator command line kept running for a test process (./apps.ts `cli`):
// one JSON request a line on stdin, {"id", "argv"}; one JSON answer a line on
// stdout, {"id", "run": {code, stdout, stderr}} — what scripts/admin.ts would
// print and exit with for that argv (lib/cli/main.ts commandLine). Starting a
// process per command cost seconds each on a busy machine.
import readline from "node:readline";
import { answerArgv } from "./operator-answers";

for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, argv } = JSON.parse(line) as { id: number; argv: string[] };
  process.stdout.write(`${JSON.stringify({ id, ...(await answerArgv(argv)) })}\n`);
}
process.exit(0);
