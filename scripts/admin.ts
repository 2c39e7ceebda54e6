// npm run --silent admin -- <command> [options]: one JSON document on stdout,
// errors on stderr in one line: exit 2 for a wrong command line, 1 for the rest
// (lib/cli/main.ts commandLine).
import { commandLine } from "@/lib/cli/main";

const run = await commandLine(process.argv.slice(2));
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
process.exit(run.code);
