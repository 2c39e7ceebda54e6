// The key that signs session cookies: AUTH_SECRET when set, otherwise one
// generated on first start and kept in <dataDir>/auth-secret, so a new user
// sets nothing and sessions survive restarts.
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { randomToken } from "@/lib/ids";

let cached: string | undefined;

export function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
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
  return (cached = secret);
}
