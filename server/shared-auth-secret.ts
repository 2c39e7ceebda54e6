// PostgreSQL without AUTH_SECRET: the first instance to start stores a
// generated secret in the database, every instance reads that one, so a session
// signed by one instance is read by all (lib/auth/secret.ts uses it).
import { config } from "@/lib/config";
import { db } from "@/lib/db/prisma";
import { randomToken } from "@/lib/ids";
import { setSharedAuthSecret } from "@/lib/auth/secret";

export async function loadSharedAuthSecret(): Promise<void> {
  if (process.env.AUTH_SECRET || config.dialect !== "postgresql") return;
  await db.$executeRaw`INSERT INTO "Setting" ("key", "value") VALUES ('auth-secret', ${randomToken(48)}) ON CONFLICT ("key") DO NOTHING`;
  const row = await db.setting.findUniqueOrThrow({ where: { key: "auth-secret" } });
  setSharedAuthSecret(row.value);
}
