// The running server's public origin, recorded in the database when it starts
// (server/portal.ts), so that the operator command line, which runs apart from it
// without its PORT or PUBLIC_URL, prints links (reset links, inspector
// addresses) that reach it. The latest start wins: a server restarted on another
// port records that one.
import { config } from "@/lib/runtime";
import { db } from "@/lib/db/prisma";

const KEY = "public-origin";

/** At the server's start, once it listens: config.publicUrl, on the port bound. */
export async function recordPublicOrigin(origin = config.publicUrl): Promise<void> {
  await db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value: origin }, update: { value: origin } });
}

/**
 * What a process that is not the server (the command line) links to: PUBLIC_URL
 * or PORT when it was given either, else the origin the server recorded; null
 * when it cannot know (no server has started on this database).
 */
export async function serverPublicOrigin(): Promise<{ origin: string; known: boolean }> {
  if (config.publicUrlGiven) return { origin: config.publicUrl, known: true };
  const row = await db.setting.findUnique({ where: { key: KEY } });
  return row ? { origin: row.value, known: true } : { origin: config.publicUrl, known: false };
}
