// Runs once when a server process starts: apply migrations, then start the
// callback dispatcher (overdue callbacks go out at once).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { startDispatcher } = await import("@/lib/callbacks");
  await applyMigrations();
  startDispatcher();
}
