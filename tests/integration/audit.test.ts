// The audit log over real HTTP (and real SMTP for the invitation): a portal of
// its own with a small AUDIT_LIMIT. Every listed action leaves its entry with
// the actor, the client address and the time; entries are read in keyset
// pages and exported as JSON lines, in which no secret the test made appears;
// the account's log has its sign-ins with their addresses. An entry is written
// in the transaction of its change: with the entry's insert made to fail by a
// trigger on the test's own database, the change is gone too; with the change's
// own statement made to fail, no entry is written. The exports hold none of the
// secrets the test made (passwords, key secrets, an access token, signing
// secrets, invitation links, sessions, a TOTP secret and its recovery codes).
import Database from "better-sqlite3";
import { Secret, TOTP } from "otpauth";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf, sqlitePath } from "@/lib/config";
import { randomBase62 } from "@/lib/ids";
import { consoleCall, signUpOverHttp } from "../helpers/console-http";
import { requestFrom, setCookies, signInOverHttp } from "../helpers/from-address";
import { accessToken, cliOn } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";
import { startSmtp } from "../helpers/smtp";
import { onPg } from "../helpers/test-db";

const PASSWORD = "a long audit password";
const AUDIT_LIMIT = 40;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let dbUrl: string;
let nextAddress = 1;
const fresh = () => `127.0.82.${nextAddress++}`;
const email = (tag: string) => `${tag}-${randomBase62(8).toLowerCase()}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp();
  dbUrl = (await ownDb("audit")).url;
  server = await startServer({ databaseUrl: dbUrl, env: { SMTP_URL: smtp.url, AUDIT_LIMIT: String(AUDIT_LIMIT) } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Account = { email: string; cookie: string; address: string };
async function account(tag: string, password = PASSWORD): Promise<Account> {
  const e = email(tag);
  const address = fresh();
  const r = await signUpOverHttp(server.origin, e, password, address);
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  return { email: e, cookie: setCookies(r).find((c) => c.includes("session-token="))!, address };
}
const call = (who: Account, method: string, path: string, body?: unknown) => consoleCall(server.origin, who.cookie, method, path, body, who.address);
async function ok(r: Promise<{ status: number; text: string; json: any }>, status = 200) {
  const got = await r;
  expect(got.status, got.text).toBe(status);
  return got.json;
}
const tokenIn = (text: string) => /\/invite\/([\w-]+)/.exec(text)![1]!;

type Entry = { id: string; at: string; actor: { userId: string; email: string } | null; action: string; target: string; address: string | null };
/** Every entry of a log through its keyset pages of `take`. */
async function allPages(who: Account, path: string, take: number): Promise<Entry[]> {
  const out: Entry[] = [];
  let next: string | null = null;
  do {
    const page: { entries: Entry[]; next: string | null } = await ok(call(who, "GET", `${path}?take=${take}${next ? `&before=${encodeURIComponent(next)}` : ""}`));
    expect(page.entries.length).toBeLessThanOrEqual(take);
    out.push(...page.entries);
    next = page.next;
  } while (next);
  return out;
}

describe("a team's audit log", () => {
  // on both databases: its pages (before=) compare ids in each database's order
  it("has an entry for each listed action, with actor, address and time; pages, filters, and an export without a secret", async () => {
    const owner = await account("owner");
    const secrets: string[] = [PASSWORD];
    const team = (await ok(call(owner, "POST", "/teams", { name: "Audited" }), 201)).teamId as string;
    const app = await ok(call(owner, "POST", "/apps", { name: "Audited app", teamId: team }), 201);
    secrets.push((await ok(call(owner, "GET", `/apps/${app.id}/signing-secret`))).signingSecret);
    const key = await ok(call(owner, "POST", `/apps/${app.id}/keys`, {}), 201);
    secrets.push(key.consumerSecret, await accessToken(server.origin, key.consumerKey, key.consumerSecret));
    await ok(call(owner, "POST", `/apps/${app.id}/keys/${key.consumerKey}/revoke`, {}));
    await ok(call(owner, "POST", `/apps/${app.id}/signing-secret`, { graceHours: 0 }));
    secrets.push((await ok(call(owner, "GET", `/apps/${app.id}/signing-secret`))).signingSecret);
    await ok(call(owner, "POST", `/apps/${app.id}/subscriptions`, { group: "Payments" }));
    await ok(call(owner, "POST", `/apps/${app.id}/subscriptions`, { group: "Treasury" }));
    await ok(call(owner, "POST", `/apps/${app.id}/reset`, {}));
    const sandbox = await ok(call(owner, "POST", `/apps/${app.id}/sandboxes`, { ttlSeconds: 600 }), 201);
    secrets.push(sandbox.consumerSecret, sandbox.signingSecret);

    // an operator approves and rejects, suspends and resumes
    const op = { email: email("operator"), address: fresh() };
    await cliOn(dbUrl, server.origin, "user", "create", "--email", op.email, "--password", PASSWORD, "--operator");
    const operator: Account = { ...op, cookie: (await signInOverHttp(server.origin, op.email, PASSWORD, op.address)).session! };
    await ok(call(operator, "POST", "/operator/reviews", { appId: app.id, group: "Treasury", approve: false, reason: "not yet" }));
    await ok(call(operator, "POST", "/operator/reviews", { appId: app.id, group: "Treasury", approve: true }));
    await ok(call(operator, "PATCH", `/operator/apps/${app.id}`, { suspended: true }));
    await ok(call(operator, "PATCH", `/operator/apps/${app.id}`, { suspended: false }));

    // members: invited by mail, joined, role changed, removed
    const viewer = await account("viewer");
    await ok(call(owner, "POST", `/teams/${team}/invitations`, { email: viewer.email, role: "developer" }), 201);
    const token = tokenIn((await smtp.next(viewer.email)).text);
    secrets.push(token);
    await ok(call(viewer, "POST", "/invitations/accept", { token }));
    await ok(call(owner, "PATCH", `/teams/${team}/members/${(await ok(call(viewer, "GET", "/teams/" + team + "/members"))).members[1].userId}`, { role: "viewer" }));
    const leaver = await account("leaver");
    await ok(call(owner, "POST", `/teams/${team}/invitations`, { email: leaver.email, role: "viewer" }), 201);
    const leaverToken = tokenIn((await smtp.next(leaver.email)).text);
    secrets.push(leaverToken);
    await ok(call(leaver, "POST", "/invitations/accept", { token: leaverToken }));
    const leaverId = (await ok(call(leaver, "GET", `/teams/${team}/members`))).members.find((m: { email: string }) => m.email === leaver.email).userId;
    expect((await call(leaver, "DELETE", `/teams/${team}/members/${leaverId}`)).status).toBe(204);
    // the app goes; its entries stay
    await ok(call(owner, "DELETE", `/apps/${app.id}`));

    // read by the viewer (every member reads it), in pages of 4
    const entries = await allPages(viewer, `/teams/${team}/audit`, 4);
    const actions = entries.map((e) => e.action).reverse();
    expect(actions).toEqual([
      "app.created", "key.created", "key.revoked", "signing_secret.rotated", "subscription.requested", "subscription.requested", "app.reset", "sandbox.created",
      "subscription.rejected", "subscription.approved", "app.suspended", "app.unsuspended",
      "member.invited", "member.joined", "member.role_changed", "member.invited", "member.joined", "member.removed", "app.deleted",
    ]);
    const byAction = (a: string) => entries.find((e) => e.action === a)!;
    expect(byAction("app.created")).toMatchObject({ actor: { email: owner.email }, address: owner.address, target: app.id });
    expect(byAction("app.suspended")).toMatchObject({ actor: { email: op.email }, address: op.address });
    expect(byAction("member.removed")).toMatchObject({ actor: { email: leaver.email }, address: leaver.address, target: leaver.email });
    expect(byAction("member.joined").actor!.email).toBe(leaver.email);
    expect(byAction("key.created").target).toContain(key.consumerKey);
    for (const e of entries) expect(Date.parse(e.at)).not.toBeNaN();

    const keys = await ok(call(owner, "GET", `/teams/${team}/audit?action=key.created`));
    expect(keys.entries.map((e: Entry) => e.action)).toEqual(["key.created"]);
    const byOperator = await ok(call(owner, "GET", `/teams/${team}/audit?actor=${encodeURIComponent(op.email)}`));
    expect(byOperator.entries).toHaveLength(4);
    expect((await call(owner, "GET", `/teams/${team}/audit?before=nonsense`)).status).toBe(400);

    // the export: one entry a line, the same entries; no secret, token or password in it
    const exported = await requestFrom(owner.address, `${server.origin}/api/console/teams/${team}/audit?format=jsonl`, { headers: { cookie: owner.cookie } });
    expect(exported.status).toBe(200);
    expect(String(exported.headers["content-type"])).toMatch(/^application\/x-ndjson/);
    const lines = exported.text.trimEnd().split("\n").map((l) => JSON.parse(l) as Entry);
    expect(lines.map((l) => l.id)).toEqual(entries.map((e) => e.id));
    secrets.push(...[owner, operator, viewer, leaver].map((who) => who.cookie.split("=")[1]!));
    for (const s of secrets) expect(exported.text, "a secret in the export").not.toContain(s);

    // strangers see nothing of it
    const stranger = await account("stranger");
    expect((await call(stranger, "GET", `/teams/${team}/audit`)).status).toBe(404);
  });

  it(`keeps the newest ${AUDIT_LIMIT} entries of a team (AUDIT_LIMIT), the oldest out`, async () => {
    const owner = await account("bounded");
    const team = (await ok(call(owner, "POST", "/teams", { name: "Bounded" }), 201)).teamId as string;
    const app = await ok(call(owner, "POST", "/apps", { name: "Many keys", teamId: team }), 201);
    for (let i = 0; i < 20; i++) {
      const k = await ok(call(owner, "POST", `/apps/${app.id}/keys`, {}), 201);
      await ok(call(owner, "POST", `/apps/${app.id}/keys/${k.consumerKey}/revoke`, {}));
    }
    const entries = await allPages(owner, `/teams/${team}/audit`, 500);
    expect(entries).toHaveLength(AUDIT_LIMIT); // 41 written
    expect(entries.map((e) => e.action)).not.toContain("app.created");
    expect(entries.at(-1)!.action).toBe("key.created");
  });
});

describe("an account's audit log", () => {
  it.skipIf(onPg())("lists sign-ins with their address, failed ones and password changes; never the password", async () => {
    const a = await account("me");
    const elsewhere = fresh();
    expect((await signInOverHttp(server.origin, a.email, "not the password", elsewhere)).session).toBeNull();
    const session = (await signInOverHttp(server.origin, a.email, PASSWORD, elsewhere)).session!;
    const me: Account = { ...a, cookie: session, address: elsewhere };
    await ok(call(me, "POST", "/account/password", { current: PASSWORD, next: "another long password" }));
    const again = (await signInOverHttp(server.origin, a.email, "another long password", elsewhere)).session!;
    // two-step sign-in on: its secret and recovery codes are secrets too
    const { secret } = await ok(call({ ...me, cookie: again }, "POST", "/account/totp"));
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
    const { recoveryCodes } = await ok(call({ ...me, cookie: again }, "POST", "/account/totp/confirm", { code }));
    const log = await ok(call({ ...me, cookie: again }, "GET", "/account/audit"));
    expect(log.entries.map((e: Entry) => [e.action, e.address])).toEqual([
      ["totp.enabled", elsewhere], ["signin", elsewhere], ["password.changed", elsewhere], ["signin", elsewhere], ["signin.failed", elsewhere],
      ["signin", a.address], // the sign-up's own
    ]);
    const exported = await requestFrom(elsewhere, `${server.origin}/api/console/account/audit?format=jsonl`, { headers: { cookie: again } });
    expect(exported.text.trimEnd().split("\n")).toHaveLength(6);
    const secrets = [PASSWORD, "another long password", "not the password", secret, code, ...recoveryCodes, ...[a.cookie, session, again].map((c) => c.split("=")[1]!)];
    for (const s of secrets) expect(exported.text, "a secret in the account's export").not.toContain(s);
  });
});

/**
 * Makes the database refuse a statement: `op` on `table` (a trigger on the test's own database), for the
 * rows `when` (SQL over NEW or OLD) holds of. Resolves with the function that drops it again.
 */
async function refuse(table: string, op: "INSERT" | "UPDATE" | "DELETE", when = "TRUE") {
  if (dialectOf(dbUrl) === "sqlite") {
    const conn = new Database(sqlitePath(dbUrl));
    conn.exec(`CREATE TRIGGER "refuse_it" BEFORE ${op} ON "${table}" WHEN ${when} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    conn.close();
    return async () => {
      const c = new Database(sqlitePath(dbUrl));
      c.exec(`DROP TRIGGER "refuse_it"`);
      c.close();
    };
  }
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`CREATE OR REPLACE FUNCTION refuse_it() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`);
  await c.query(`CREATE TRIGGER refuse_it BEFORE ${op} ON "${table}" FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION refuse_it()`);
  await c.end();
  return async () => {
    const d = new pg.Client({ connectionString: dbUrl });
    await d.connect();
    await d.query(`DROP TRIGGER refuse_it ON "${table}"`);
    await d.end();
  };
}
/** Makes the database refuse an audit entry of `action`. */
const refuseEntries = (action: string) => refuse("AuditEntry", "INSERT", `NEW."action" = '${action}'`);

describe("an entry and its change, together or not at all", () => {
  it("when the entry cannot be written after the change's statement, the change is undone", async () => {
    const owner = await account("atomic");
    const team = (await ok(call(owner, "POST", "/teams", { name: "Atomic" }), 201)).teamId as string;
    const app = await ok(call(owner, "POST", "/apps", { name: "Atomic app", teamId: team }), 201);
    const secret = (await ok(call(owner, "GET", `/apps/${app.id}/signing-secret`))).signingSecret;
    const member = await account("member");
    await ok(call(owner, "POST", `/teams/${team}/invitations`, { email: member.email, role: "viewer" }), 201);
    await ok(call(member, "POST", "/invitations/accept", { token: tokenIn((await smtp.next(member.email)).text) }));
    const memberId = (await ok(call(owner, "GET", `/teams/${team}/members`))).members[1].userId;
    const before = (await ok(call(owner, "GET", `/teams/${team}/audit`))).entries.length;

    const changes: [string, () => Promise<{ status: number }>, () => Promise<unknown>][] = [
      ["signing_secret.rotated", () => call(owner, "POST", `/apps/${app.id}/signing-secret`, { graceHours: 0 }),
        async () => expect((await ok(call(owner, "GET", `/apps/${app.id}/signing-secret`))).signingSecret).toBe(secret)],
      ["key.created", () => call(owner, "POST", `/apps/${app.id}/keys`, {}), async () => expect(await ok(call(owner, "GET", `/apps/${app.id}/keys`))).toEqual([])],
      ["member.removed", () => call(owner, "DELETE", `/teams/${team}/members/${memberId}`),
        async () => expect((await ok(call(owner, "GET", `/teams/${team}/members`))).members).toHaveLength(2)],
      ["app.deleted", () => call(owner, "DELETE", `/apps/${app.id}`), async () => expect((await ok(call(owner, "GET", `/apps/${app.id}`))).id).toBe(app.id)],
    ];
    for (const [action, change, unchanged] of changes) {
      const allow = await refuseEntries(action);
      try {
        expect((await change()).status, action).toBe(500);
      } finally {
        await allow();
      }
      await unchanged();
    }
    expect((await ok(call(owner, "GET", `/teams/${team}/audit`))).entries).toHaveLength(before);
  });

  it("when the change's own statement fails, no entry is written", async () => {
    const owner = await account("converse");
    const team = (await ok(call(owner, "POST", "/teams", { name: "Converse" }), 201)).teamId as string;
    const app = await ok(call(owner, "POST", "/apps", { name: "Converse app", teamId: team }), 201);
    const member = await account("stays");
    await ok(call(owner, "POST", `/teams/${team}/invitations`, { email: member.email, role: "viewer" }), 201);
    await ok(call(member, "POST", "/invitations/accept", { token: tokenIn((await smtp.next(member.email)).text) }));
    const memberId = (await ok(call(owner, "GET", `/teams/${team}/members`))).members[1].userId;
    const before = (await ok(call(owner, "GET", `/teams/${team}/audit`))).entries;

    const changes: [Parameters<typeof refuse>, () => Promise<{ status: number }>, () => Promise<unknown>][] = [
      [["KeyPair", "INSERT"], () => call(owner, "POST", `/apps/${app.id}/keys`, {}), async () => expect(await ok(call(owner, "GET", `/apps/${app.id}/keys`))).toEqual([])],
      [["Membership", "DELETE"], () => call(owner, "DELETE", `/teams/${team}/members/${memberId}`),
        async () => expect((await ok(call(owner, "GET", `/teams/${team}/members`))).members).toHaveLength(2)],
      [["Invitation", "INSERT"], () => call(owner, "POST", `/teams/${team}/invitations`, { email: email("never"), role: "viewer" }),
        async () => expect((await ok(call(owner, "GET", `/teams/${team}/members`))).invitations).toEqual([])],
      [["App", "INSERT", `NEW."teamId" = '${team}'`], () => call(owner, "POST", "/apps", { name: "Refused", teamId: team }),
        async () => expect((await ok(call(owner, "GET", "/apps"))).filter((x: { teamId: string }) => x.teamId === team)).toHaveLength(1)],
    ];
    for (const [how, change, unchanged] of changes) {
      const allow = await refuse(...how);
      try {
        expect((await change()).status, how.join(" ")).toBe(500);
      } finally {
        await allow();
      }
      await unchanged();
    }
    expect((await ok(call(owner, "GET", `/teams/${team}/audit`))).entries).toEqual(before);
  });
});
