/** Waits for a new clock minute when this one is nearly over, so a test's counts stay in one fixed window. */
export async function freshMinute(margin = 20): Promise<void> {
  const left = 60 - new Date().getSeconds();
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 100));
}

/** The same for an hour's window (throttles counted per hour). */
export async function freshHour(margin = 30): Promise<void> {
  const now = new Date();
  const left = 3600 - now.getMinutes() * 60 - now.getSeconds();
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 100));
}
