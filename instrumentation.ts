// Runs once when a server process starts: check the database setting, apply
// migrations, load the shared auth secret, then start the callback dispatcher
// (overdue callbacks go out at once).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("@/lib/db/url-check")).exitOnUnknownDatabase();
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { loadSharedAuthSecret } = await import("@/lib/auth/secret");
  const { startDispatcher } = await import("@/lib/callbacks");
  await applyMigrations();
  await loadSharedAuthSecret();
  startDispatcher();
}
