import { describe, expect, it } from "vitest";
import { makeConfig } from "@/lib/config";
import { hashPassword, unmatchableHash, verifyPassword } from "@/lib/crypto";

// PASSWORD_HASH_COST (lib/config.ts): scrypt's N = 2^cost for new hashes. A hash keeps its cost,
// so one made at any setting verifies under any other; the unknown account's check costs the same.
describe("PASSWORD_HASH_COST", () => {
  it("is 14 unset, an integer from 10 to 16 set, and anything else stops the start", () => {
    expect(makeConfig({}).passwordHashCost).toBe(14);
    expect(makeConfig({ PASSWORD_HASH_COST: "10" }).passwordHashCost).toBe(10);
    expect(makeConfig({ PASSWORD_HASH_COST: "16" }).passwordHashCost).toBe(16);
    for (const raw of ["9", "17", "12.5", "high"]) {
      expect(() => makeConfig({ PASSWORD_HASH_COST: raw })).toThrow(/^PASSWORD_HASH_COST must be an integer from 10 to 16/);
    }
  });

  it("a hash keeps its cost: made at 10 or at 14, it verifies its password and no other", async () => {
    const low = await hashPassword("correct horse battery", 10);
    const high = await hashPassword("correct horse battery", 14);
    expect(low).toMatch(/^scrypt\$1024\$/);
    expect(high).toMatch(/^scrypt\$16384\$/);
    for (const h of [low, high]) {
      expect(await verifyPassword("correct horse battery", h, 16)).toBe(true);
      expect(await verifyPassword("correct horse batterY", h, 16)).toBe(false);
    }
  });

  it("a stored hash naming a cost above the most (or not a power of two) is refused, never computed", async () => {
    const h = await hashPassword("correct horse battery", 10);
    const [, , salt, hash] = h.split("$");
    for (const n of [2 ** 17, 2 ** 24, 1000, 0, -1024]) {
      expect(await verifyPassword("correct horse battery", `scrypt$${n}$${salt}$${hash}`, 16)).toBe(false);
    }
    expect(await verifyPassword("correct horse battery", h, 10)).toBe(true);
    expect(await verifyPassword("correct horse battery", h, 9)).toBe(false);
  });

  it("the hash an unknown account is checked against has the setting's cost and matches nothing", async () => {
    const h = unmatchableHash(12);
    expect(h).toMatch(/^scrypt\$4096\$[\w-]{22}\$[\w-]{43}$/);
    expect(unmatchableHash(12)).not.toBe(h);
    expect(await verifyPassword("", h, 16)).toBe(false);
    expect(await verifyPassword("not-a-real-password", h, 16)).toBe(false);
  });
});
