// npm run --silent admin -- <command> [options]: one JSON document on stdout, errors on stderr.
import { config, DatabaseUrlError } from "@/lib/config";

try {
  void config.dialect; // a DATABASE_URL of no known database stops here, with its message
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { runAdmin, Usage } = await import("@/lib/cli/admin");
  await applyMigrations();
  const out = await runAdmin(process.argv.slice(2));
  process.stdout.write(out instanceof Usage ? `${out.text}\n` : `${JSON.stringify(out)}\n`);
  process.exit(0);
} catch (e) {
  const message = e instanceof DatabaseUrlError ? e.message : (await import("@/lib/cli/admin")).describeError(e);
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}
