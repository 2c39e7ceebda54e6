// npm run --silent admin -- <command> [options]: one JSON document on stdout,
// errors on stderr in one line: exit 2 for a wrong command line, 1 for the rest.
import { config, DatabaseUrlError } from "@/lib/config";

/**
 * SQLite refuses a write whose transaction began reading before the running
 * server's last commit (SQLITE_BUSY, "database is locked"): the transaction
 * is rolled back and waiting does not help, so the command runs again, at
 * most three times. Only the busy error is retried; any other error ends the
 * command at once.
 */
async function withBusyRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const text = `${e instanceof Error ? `${e.message} ${String((e as { code?: unknown }).code ?? "")} ${String((e.cause as Error | undefined)?.message ?? "")}` : String(e)}`;
      if (attempt >= 3 || config.dialect !== "sqlite" || !/SQLITE_BUSY|database is locked/i.test(text)) throw e;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

try {
  void config.dialect; // a DATABASE_URL of no known database stops here, with its message
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { runAdmin, Usage } = await import("@/lib/cli/admin");
  await applyMigrations();
  const out = await withBusyRetry(() => runAdmin(process.argv.slice(2)));
  process.stdout.write(out instanceof Usage ? `${out.text}\n` : `${JSON.stringify(out)}\n`);
  process.exit(0);
} catch (e) {
  const { describeError, UsageError } = await import("@/lib/cli/admin");
  const usage = e instanceof UsageError;
  const message = e instanceof DatabaseUrlError ? e.message : describeError(e);
  process.stderr.write(`error: ${message}${usage ? " (help lists the commands and their options)" : ""}\n`);
  process.exit(usage ? 2 : 1);
}
