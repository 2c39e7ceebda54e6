// The session-signing secret: AUTH_SECRET when set; otherwise generated once
// into <DATA_DIR>/auth-secret and reused, so a new user sets nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function fresh() {
  vi.resetModules();
  return (await import("@/lib/auth/secret")).authSecret;
}

describe("authSecret", () => {
  it("generates a secret on first start, keeps it in the data folder and reuses it", async () => {
    vi.stubEnv("DATA_DIR", dir);
    vi.stubEnv("AUTH_SECRET", "");
    const first = (await fresh())();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(first);
    expect((fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toString(8)).toBe("600");
    expect((await fresh())()).toBe(first); // a restart reads the same one
  });

  it("uses AUTH_SECRET when it is set", async () => {
    vi.stubEnv("DATA_DIR", dir);
    vi.stubEnv("AUTH_SECRET", "from-the-environment-0123456789abcdef");
    expect((await fresh())()).toBe("from-the-environment-0123456789abcdef");
  });
});
