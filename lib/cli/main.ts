// One run of the operator command line (scripts/admin.ts prints it and exits
// with its code): one JSON document on stdout, or help's text; errors in one
// line on stderr, exit 2 for a wrong command line, 1 for the rest.
import { config, runtime } from "@/lib/runtime";
import { DatabaseUrlError, reconfigured } from "@/lib/config";

export type CommandLineRun = { code: 0 | 1 | 2; stdout: string; stderr: string };

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

/**
 * Runs `fn` with the settings' PUBLIC_URL set to the running server's origin (lib/services/public-origin.ts)
 * when this process was given neither PUBLIC_URL nor PORT, so the links it prints reach that server.
 */
async function onServerOrigin<T>(fn: () => Promise<T>): Promise<{ value: T; origin: string; known: boolean }> {
  // Loaded here, as commandLine loads lib/db late (only when a command runs), not for a cycle.
  const { serverPublicOrigin } = await import("@/lib/services/public-origin");
  const { origin, known } = await serverPublicOrigin();
  const rt = runtime();
  const given = rt.config;
  rt.reconfigure(reconfigured(given, { PUBLIC_URL: origin }));
  try {
    return { value: await fn(), origin, known };
  } finally {
    rt.reconfigure(given);
  }
}

/** Runs `argv` (the arguments after `admin`) and says what the process prints and its exit code. */
export async function commandLine(argv: string[]): Promise<CommandLineRun> {
  try {
    void config.dialect; // a DATABASE_URL of no known database stops here, with its message
    // Loaded only now, when a command runs (a DATABASE_URL refused above answers without loading the
    // database code), not for a cycle: the lint counts these imports in its cycle check.
    const { applyMigrations } = await import("@/lib/db/migrate");
    const { runAdmin, Usage } = await import("./admin");
    await applyMigrations();
    const out = await onServerOrigin(() => withBusyRetry(() => runAdmin(argv)));
    const stdout = out.value instanceof Usage ? `${out.value.text}\n` : `${JSON.stringify(out.value)}\n`;
    // Links on an origin it could not know: said on stderr (the JSON stays as it is).
    const unsure = !out.known && stdout.includes(out.origin);
    return { code: 0, stdout, stderr: unsure ? `note: links use ${out.origin}: no server has recorded its address in this database yet, and neither PUBLIC_URL nor PORT is set\n` : "" };
  } catch (e) {
    const { describeError, UsageError } = await import("./admin");
    const usage = e instanceof UsageError;
    const message = e instanceof DatabaseUrlError ? e.message : describeError(e);
    return { code: usage ? 2 : 1, stdout: "", stderr: `error: ${message}${usage ? " (help lists the commands and their options)" : ""}\n` };
  }
}
