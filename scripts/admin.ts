// npm run --silent admin -- <command> [options]: one JSON document on stdout, errors on stderr.
import { describeError, runAdmin } from "@/lib/cli/admin";
import { applyMigrations } from "@/lib/db/migrate";

try {
  await applyMigrations();
  const out = await runAdmin(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
} catch (e) {
  process.stderr.write(`error: ${describeError(e)}\n`);
  process.exit(1);
}
