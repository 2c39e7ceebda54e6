// The session-signing secret: AUTH_SECRET when set; otherwise generated once
// into <DATA_DIR>/auth-secret and reused, so a new user sets nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { authSecret } from "@/lib/auth-secret";
import { realClock } from "@/lib/clock";
import { makeConfig } from "@/lib/config";
import { enter, Runtime } from "@/lib/runtime";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The secret a fresh runtime on `env`'s settings reads (a start of the portal). */
const startedWith = (env: Record<string, string>) => enter(new Runtime(realClock, makeConfig(env)), authSecret);

describe("authSecret", () => {
  it("generates a secret on first start, keeps it in the data folder and reuses it", () => {
    const first = startedWith({ DATA_DIR: dir, AUTH_SECRET: "" });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(first);
    expect((fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toString(8)).toBe("600");
    expect(startedWith({ DATA_DIR: dir })).toBe(first); // a restart reads the same one
  });

  it("uses AUTH_SECRET when it is set", () => {
    expect(startedWith({ DATA_DIR: dir, AUTH_SECRET: "from-the-environment-0123456789abcdef" })).toBe("from-the-environment-0123456789abcdef");
  });
});
