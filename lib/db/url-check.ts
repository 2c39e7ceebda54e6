// Checked first at a portal's making (server/preflight.ts), before anything opens the database.
import { DatabaseUrlError, dialectOf } from "@/lib/config";
import { config } from "@/lib/runtime";

/** Why DATABASE_URL names no known database (its message), or null when it names one. */
export function databaseUrlRefusal(): string | null {
  try {
    dialectOf(config.databaseUrl);
    return null;
  } catch (e) {
    if (!(e instanceof DatabaseUrlError)) throw e;
    return e.message;
  }
}
