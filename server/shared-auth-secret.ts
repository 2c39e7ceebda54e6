// PostgreSQL without AUTH_SECRET: the first instance to start stores a
// generated secret in the database, every instance reads that one, so a session
// signed by one instance is read by all (lib/auth-secret.ts uses it).
import { insertSettingOnce } from "@/lib/rows";
import { config } from "@/lib/runtime";
import { db } from "@/lib/db/prisma";
import { randomToken } from "@/lib/ids";
import { setSharedAuthSecret } from "@/lib/auth-secret";

export async function loadSharedAuthSecret(): Promise<void> {
  if (config.authSecret || config.dialect !== "postgresql") return;
  await insertSettingOnce(db, "auth-secret", randomToken(48));
  const row = await db.setting.findUniqueOrThrow({ where: { key: "auth-secret" } });
  setSharedAuthSecret(row.value);
}
