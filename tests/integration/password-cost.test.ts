// PASSWORD_HASH_COST over real HTTP: an account whose hash has another cost than the portal's
// setting is hashed again at the setting's when it signs in right (lib/services/passwords.ts
// `rehashAtSettingCost`), so a changed setting reaches every account that signs in, and a known
// account's check costs what an unknown one's does. Two portals on one database: the suite's cost
// (10) and 12. A hash is never shown by any API (by design): the test reads the cost it names from the
// row, in one statement, and nothing else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../helpers/from-address";
import { cliOn } from "../helpers/operator";
import { clientFor, ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";

const PASSWORD = "a long password for costs";
let low: InProcessPortal;
let high: InProcessPortal;
let dbUrl: string;
beforeAll(async () => {
  dbUrl = (await ownDb("password_cost")).url;
  low = await startPortal({ env: { DATABASE_URL: dbUrl, PASSWORD_HASH_COST: "10" } });
  high = await startPortal({ env: { DATABASE_URL: dbUrl, PASSWORD_HASH_COST: "12" }, clock: low.clock });
});
afterAll(async () => {
  await Promise.all([low?.close(), high?.close()]);
});

const costOf = async (email: string) => {
  const u = await clientFor(dbUrl).user.findUnique({ where: { email }, select: { passwordHash: true } });
  return Number(u!.passwordHash.split("$")[1]);
};

describe("a sign-in at another cost than the hash's", () => {
  it("hashes the password again at the portal's setting; a wrong password changes nothing; both portals still sign it in", async () => {
    const email = `cost-${Date.now()}@example.com`;
    await cliOn(dbUrl, low.origin, "user", "create", "--email", email, "--password", PASSWORD);
    expect(await costOf(email)).toBe(2 ** 10);

    expect((await signInOverHttp(high.origin, email, "not the password", "127.0.91.1")).session).toBeNull();
    expect(await costOf(email)).toBe(2 ** 10);

    expect((await signInOverHttp(high.origin, email, PASSWORD, "127.0.91.2")).session).not.toBeNull();
    expect(await costOf(email)).toBe(2 ** 12);
    expect((await signInOverHttp(high.origin, email, PASSWORD, "127.0.91.3")).session).not.toBeNull();
    expect(await costOf(email)).toBe(2 ** 12);

    expect((await signInOverHttp(low.origin, email, PASSWORD, "127.0.91.4")).session).not.toBeNull();
    expect(await costOf(email)).toBe(2 ** 10);
  });
});
