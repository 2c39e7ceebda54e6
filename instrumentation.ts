// Runs once when a server process starts: apply migrations, then start the
// callback dispatcher (overdue callbacks go out at once) and the housekeeping.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { startDispatcher } = await import("@/lib/callbacks");
  const { startMaintenance } = await import("@/lib/db/maintenance");
  const { checkTrustedProxies } = await import("@/lib/net/client-address");
  const { isHosted } = await import("@/lib/callbacks/policy");
  checkTrustedProxies(); // a typo in TRUSTED_PROXIES stops the start instead of trusting nobody
  await applyMigrations();
  console.log(`[callbacks] ${isHosted() ? "hosted: callbacks go to public addresses only" : "local: callbacks may go to loopback and private addresses"}`);
  startDispatcher();
  startMaintenance();
}
