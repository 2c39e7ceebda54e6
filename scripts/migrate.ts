// npm run db:migrate            apply committed migrations (what the server does at start)
// npm run db:diff -- <name>     write a new migration (SQLite and PostgreSQL) from the schema change
import { applyMigrations } from "@/lib/db/migrate";
import { createMigration } from "@/lib/db/migrate-dev";

const [cmd, name] = process.argv.slice(2);
if (cmd === "deploy") {
  const applied = await applyMigrations();
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
} else if (cmd === "diff") {
  if (!name) throw new Error("usage: npm run db:diff -- <migration_name>");
  const dirs = await createMigration(name);
  console.log(dirs.length ? `created ${dirs.join(", ")}` : "schema unchanged: no migration needed");
} else {
  console.error("usage: migrate.ts deploy | diff <name>");
  process.exit(2);
}
