// Loaded first at server start, before anything opens the database.
import { config, DatabaseUrlError, dialectOf } from "@/lib/config";
import { log } from "@/lib/log";

/** A DATABASE_URL of no known database stops the server, with its message. */
export function exitOnUnknownDatabase(): void {
  try {
    dialectOf(config.databaseUrl);
  } catch (e) {
    if (!(e instanceof DatabaseUrlError)) throw e;
    log().error(e.message);
    process.exit(1);
  }
}
