// A key pair's key and secret are letters and digits only. A key that began with "-"
// made `sandbox.mjs key revoke --key <key>` read it as an option (CI, 2026-11-26).
import { describe, expect, it } from "vitest";
import { newKeyPair } from "@/lib/services/keys";
import { sha256 } from "@/lib/crypto";

describe("key material", () => {
  it("is base62, full length, and the secret is kept only as its hash", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const { row, consumerSecret } = newKeyPair("app_x", null);
      expect(row.consumerKey).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(consumerSecret).toMatch(/^[A-Za-z0-9]{43}$/);
      expect(row).not.toHaveProperty("consumerSecret");
      expect(row.secretHash).toBe(sha256(consumerSecret));
      keys.add(row.consumerKey);
    }
    expect(keys.size).toBe(2000);
  });
});
