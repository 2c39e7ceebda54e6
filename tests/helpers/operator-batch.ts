// Several operator commands in one process (tests/helpers/operator.ts
// `cliBatch`): each through the operator command line's own code
// (lib/cli/admin.ts runAdmin), as scripts/admin.ts runs one. Starting a process
// per command cost seconds each on a busy machine. argv[2]: a JSON array of
// commands (arrays of arguments); "{name}" in an argument is replaced by that
// field of an earlier command's answer (e.g. "{appId}"). Prints the answers as
// one JSON array.
import { config } from "@/lib/config";

void config.dialect;
const { applyMigrations } = await import("@/lib/db/migrate");
const { runAdmin } = await import("@/lib/cli/admin");
await applyMigrations();
const fields: Record<string, string> = {};
const answers: unknown[] = [];
for (const command of JSON.parse(process.argv[2]!) as string[][]) {
  const args = command.map((a) => a.replace(/\{(\w+)\}/g, (_, name: string) => fields[name] ?? `{${name}}`));
  const out = await runAdmin(args);
  answers.push(out);
  if (out && typeof out === "object") {
    for (const [k, v] of Object.entries(out)) if (typeof v === "string") fields[k] = v;
  }
}
process.stdout.write(`${JSON.stringify(answers)}\n`);
process.exit(0);
