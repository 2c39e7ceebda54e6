// The key that signs session cookies: AUTH_SECRET when set, otherwise one
// generated on first start, so a new user sets nothing and sessions survive
// restarts. On SQLite it is kept in <dataDir>/auth-secret; on PostgreSQL in the
// database (the Setting table), so every instance signs and reads the same
// sessions (server/shared-auth-secret.ts, at server start). The key two-step
// sign-in secrets are sealed with (`totpKey`) comes from TOTP_ENCRYPTION_KEY,
// else from this secret. Base tier: the domain's TOTP rule (lib/services/totp.ts) reads it.
import fs from "node:fs";
import path from "node:path";
import { hkdfSync } from "node:crypto";
import { randomToken } from "@/lib/ids";
import { config, part, runtime } from "@/lib/runtime";

const SHARED = part<string>("sharedAuthSecret");
/** The secret read from <dataDir>/auth-secret, kept by the runtime (two portals may keep two data folders). */
const FROM_FILE = part<string>("authSecretFromFile");

export function authSecret(): string {
  if (config.authSecret) return config.authSecret;
  const shared = runtime().get(SHARED);
  if (shared) return shared;
  const cached = runtime().get(FROM_FILE);
  if (cached) return cached;
  const file = path.join(config.dataDir, "auth-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': only the first process to start writes it; the others read it.
    fs.writeFileSync(file, randomToken(48), { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to have a new one generated`);
  runtime().set(FROM_FILE, secret);
  return secret;
}

/** Every instance on PostgreSQL signs with the secret stored in the database (server/shared-auth-secret.ts reads it at start). */
export function setSharedAuthSecret(secret: string): void {
  runtime().set(SHARED, secret);
}

/**
 * The AES-256 key of two-step sign-in secrets at rest (lib/services/totp.ts):
 * HKDF-SHA256 of TOTP_ENCRYPTION_KEY, or when it is unset of the auth secret
 * (so local use sets nothing). Changing either makes the stored secrets unreadable.
 */
export function totpKey(): Buffer {
  return Buffer.from(hkdfSync("sha256", config.totpEncryptionKey ?? authSecret(), "svc-sandbox", "totp-secret", 32));
}
