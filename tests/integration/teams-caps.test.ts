// A team's caps, exact under 100 requests at once (issue 44): apps per team,
// teams per account (made, or joined by 100 accepts at once), pending invitations per team, invitation mails per team
// per hour and per address per hour, members per team (100 accepts). On
// PostgreSQL only (TEST_PG_URL; npm test's PostgreSQL pass): two instances
// sharing one database, the requests alternating between them, where a cap
// checked and then written by two processes would let one more in. On SQLite
// one process serves the file and its writers take turns (lib/db/turns.ts);
// the same rule (a count under the team's or the account's lock) meets 100
// requests at once there in limits-concurrency (apps, key pairs, sign-ups).
// Two portals, since one
// cap hides another (the pending cap is reached before the team's hourly mails).
// Test clocks, moved to the start of an hour before a burst counted per hour
// (tests/helpers/window.ts nextHour); invitations read from a real SMTP server. Past a cap the
// others are refused, or answered busy (503 with Retry-After) on a machine too loaded for them to
// take their turn (tests/helpers/burst.ts); never a 500.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleCall } from "../helpers/console-http";
import { signInOverHttp } from "../helpers/from-address";
import { cliBatch } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";
import { startSmtp } from "../helpers/smtp";
import { atCap, busy, served } from "../helpers/burst";
import { onPg } from "../helpers/test-db";
import { nextHour } from "../helpers/window";

const PASSWORD = "long enough pw";
const INSTANCES = 2;
/** Portal A: the pending cap below the hourly ones. */
const CAPS_A = { APPS_PER_USER: "15", TEAMS_PER_USER: "20", PENDING_INVITATIONS_PER_TEAM: "7", INVITATIONS_PER_ADDRESS_PER_HOUR: "200" };
/** Portal B: the pending cap out of the way; the hourly mails and the members counted. */
const CAPS_B = { PENDING_INVITATIONS_PER_TEAM: "200", INVITATIONS_PER_TEAM_PER_HOUR: "40", INVITATIONS_PER_ADDRESS_PER_HOUR: "3", MEMBERS_PER_TEAM: "10", TEAMS_PER_USER: "120" };

type Portal = { servers: RunningServer[]; dbUrl: string; net: number };
type Person = { email: string; cookie: string; address: string };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Portal;
let b: Portal;

async function portal(name: string, net: number, caps: Record<string, string>): Promise<Portal> {
  const dbUrl = (await ownDb(name)).url;
  const env = (i: number) => ({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `svc-${name}-${i}-`)), AUTH_SECRET: "", SMTP_URL: smtp.url, ...caps });
  const servers = await Promise.all(Array.from({ length: INSTANCES }, (_, i) => startServer({ databaseUrl: dbUrl, env: env(i), testClock: true })));
  return { servers, dbUrl, net };
}

beforeAll(async () => {
  if (!onPg()) return;
  smtp = await startSmtp();
  [a, b] = await Promise.all([portal("team_caps_a", 30, CAPS_A), portal("team_caps_b", 31, CAPS_B)]);
});
afterAll(async () => {
  await Promise.all([a, b].flatMap((p) => p?.servers ?? []).map((s) => s.stop()));
  await smtp?.close();
});

const origin = (p: Portal, i: number) => p.servers[i % p.servers.length]!.origin;
const origins = (p: Portal) => p.servers.map((s) => s.origin);
/** The i-th request of a burst: to one instance or the other in turn. */
const call = (p: Portal, who: Person, i: number, method: string, route: string, body?: unknown) => consoleCall(origin(p, i), who.cookie, method, route, body, who.address);
function statuses(rs: { status: number }[]) {
  const out: Record<number, number> = {};
  for (const r of rs) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}
/** What a failed expectation shows: each answer of 500 or more with the servers' log lines of its request (the error logged there). */
function why(rs: { status: number; json: any; text: string }[]) {
  const logs = [a, b].flatMap((p) => p?.servers ?? []).flatMap((s) => s.log().split("\n"));
  // a log line of the request, and the error's stack on the lines after it (lib/log.ts), up to the next log line
  const linesOf = (id: string) => logs.flatMap((l, i) => {
    if (!l.includes(id)) return [];
    const end = logs.findIndex((n, j) => j > i && /^(?:[A-Z]+ \[|request |\[|\{)/.test(n));
    return logs.slice(i, Math.min(end === -1 ? logs.length : end, i + 12));
  });
  return rs.filter((r) => r.status >= 500 && !busy(r))
    .map((r) => [`${r.status} ${r.text.slice(0, 500)}`, ...(r.json?.requestId ? linesOf(r.json.requestId) : [])].join("\n")).join("\n\n");
}
const errors = (rs: { status: number; json: any }[], status: number) => [...new Set(rs.filter((r) => r.status === status).map((r) => r.json?.error))];
const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * `n` accounts made with the operator command line, each signed in over HTTP from an address of its own,
 * 16 at a time (set-up, not under test: past 2 + 16 password checks at once a server turns the rest away, PASSWORD_HASH_QUEUE).
 */
async function people(p: Portal, n: number, tag: string): Promise<Person[]> {
  const emails = Array.from({ length: n }, () => address(tag));
  await cliBatch(p.dbUrl, origin(p, 0), emails.map((e) => ["user", "create", "--email", e, "--password", PASSWORD]));
  const out: Person[] = [];
  for (let start = 0; start < n; start += 16) {
    out.push(...(await Promise.all(emails.slice(start, start + 16).map(async (email, k) => {
      const i = start + k;
      const from = `127.${p.net}.${100 + Math.floor(i / 200)}.${(i % 200) + 1}`;
      const { session, status, location } = await signInOverHttp(origin(p, i), email, PASSWORD, from);
      if (!session) throw new Error(`no session for ${email}: ${status} ${location}`);
      return { email, cookie: session, address: from };
    }))));
  }
  return out;
}
let nextPerson = 0;
const person = async (p: Portal, tag: string) => (await people(p, 1, `${tag}${nextPerson++}`))[0]!;

/** A team made for a test's set-up (the bursts below made many at once); a busy answer is asked again (burst.ts served). */
async function newTeam(p: Portal, owner: Person, name: string) {
  const r = await served(() => call(p, owner, 0, "POST", "/teams", { name }));
  expect(r.status, r.text).toBe(201);
  return r.json.teamId as string;
}

/** An invitation sent for a test's set-up (the accepts are what it measures); a busy answer is asked again. */
const invite = (p: Portal, owner: Person, i: number, team: string, email: string, role: string) =>
  served(() => call(p, owner, i, "POST", `/teams/${team}/invitations`, { email, role }));

describe.runIf(onPg())(`team caps under 100 requests at once on ${INSTANCES} instances`, () => {
  it("apps per team: exactly APPS_PER_USER (15) made, 85 refused 409 CONFLICT", async () => {
    const owner = await person(a, "apps");
    const team = await newTeam(a, owner, "Many apps");
    const made = await Promise.all(Array.from({ length: 100 }, (_, i) => call(a, owner, i, "POST", "/apps", { name: `App ${i}`, teamId: team })));
    expect(atCap(made, 409), why(made)).toEqual({ 201: 15, 409: 85 });
    expect(errors(made, 409)).toEqual(["CONFLICT"]);
    const listed = (await call(a, owner, 1, "GET", "/apps")).json as { teamId: string }[];
    expect(listed.filter((x) => x.teamId === team)).toHaveLength(15);
  });

  it("teams per account: exactly TEAMS_PER_USER (20, its own team counted), the rest 409", async () => {
    const owner = await person(a, "teams");
    const made = await Promise.all(Array.from({ length: 100 }, (_, i) => call(a, owner, i, "POST", "/teams", { name: `Team ${i}` })));
    expect(atCap(made, 409), why(made)).toEqual({ 201: 19, 409: 81 });
    expect(errors(made, 409)).toEqual(["CONFLICT"]);
    expect((await call(a, owner, 1, "GET", "/teams")).json.teams).toHaveLength(20);
  });

  it("an account in TEAMS_PER_USER (20) teams joins no other by invitation: 409, the invitation still pending", async () => {
    const joiner = await person(a, "busy");
    await Promise.all(Array.from({ length: 19 }, (_, i) => newTeam(a, joiner, `Mine ${i}`)));
    const owner = await person(a, "inviter");
    const team = await newTeam(a, owner, "Wants them");
    expect((await call(a, owner, 0, "POST", `/teams/${team}/invitations`, { email: joiner.email, role: "viewer" })).status).toBe(201);
    const token = /\/invite\/([\w-]+)/.exec((await smtp.next(joiner.email)).text)![1]!;
    const r = await call(a, joiner, 1, "POST", "/invitations/accept", { token });
    expect([r.status, r.json.error]).toEqual([409, "CONFLICT"]);
    expect((await call(a, joiner, 0, "GET", "/teams")).json.teams).toHaveLength(20);
    expect((await call(a, owner, 0, "GET", `/teams/${team}/members`)).json.invitations.map((i: { email: string }) => i.email)).toEqual([joiner.email]);
  });

  it("teams per account, joined by invitation: one account accepts 100 invitations at once, exactly 19 more teams (20 with its own), 81 refused 409", async () => {
    const joiner = await person(a, "sought");
    const owners = await people(a, 6, "seeker");
    const teams = (await Promise.all(owners.map((o, k) => Promise.all(Array.from({ length: 17 }, (_, i) => newTeam(a, o, `Seeker ${k}.${i}`).then((t) => [o, t] as const))))))
      .flat()
      .slice(0, 100);
    const sent = await Promise.all(teams.map(([o, t], i) => invite(a, o, i, t, joiner.email, "viewer")));
    expect(statuses(sent), why(sent)).toEqual({ 201: 100 });
    await expect.poll(() => smtp.to(joiner.email).length, { timeout: 60_000, interval: 100 }).toBe(100);
    const tokens = smtp.to(joiner.email).map((m) => /\/invite\/([\w-]+)/.exec(m.text)![1]!);
    const accepted = await Promise.all(tokens.map((token, i) => call(a, joiner, i, "POST", "/invitations/accept", { token })));
    expect(atCap(accepted, 409), why(accepted)).toEqual({ 200: 19, 409: 81 });
    expect(errors(accepted, 409)).toEqual(["CONFLICT"]);
    expect((await call(a, joiner, 0, "GET", "/teams")).json.teams).toHaveLength(20);
  }, 240_000); // bursts of 100 through two portals: generous for a loaded machine

  it("pending invitations per team: exactly PENDING_INVITATIONS_PER_TEAM (7) sent, 93 refused 409", async () => {
    const owner = await person(a, "pending");
    const team = await newTeam(a, owner, "Pending");
    const sent = await Promise.all(Array.from({ length: 100 }, (_, i) => call(a, owner, i, "POST", `/teams/${team}/invitations`, { email: address(`p${i}`), role: "viewer" })));
    expect(atCap(sent, 409), why(sent)).toEqual({ 201: 7, 409: 93 });
    expect(errors(sent, 409)).toEqual(["CONFLICT"]);
    expect((await call(a, owner, 1, "GET", `/teams/${team}/members`)).json.invitations).toHaveLength(7);
  });

  it("invitation mails per team per hour: exactly 40 sent, 60 refused 429 RATE_LIMITED with retry-after", async () => {
    const owner = await person(b, "hourly");
    const team = await newTeam(b, owner, "Hourly");
    await nextHour(...origins(b));
    const invited = Array.from({ length: 100 }, (_, i) => address(`h${i}`));
    const sent = await Promise.all(invited.map((email, i) => call(b, owner, i, "POST", `/teams/${team}/invitations`, { email, role: "viewer" })));
    expect(atCap(sent, 429), why(sent)).toEqual({ 201: 40, 429: 60 });
    expect(errors(sent, 429)).toEqual(["RATE_LIMITED"]);
    expect(sent.filter((r) => r.status === 429).every((r) => Number(r.headers["retry-after"]) > 0)).toBe(true);
    expect((await call(b, owner, 1, "GET", `/teams/${team}/members`)).json.invitations).toHaveLength(40);
    // the mails of the 40 arrive; the refused 60 get none
    const got = sent.flatMap((r, i) => (r.status === 201 ? [invited[i]!] : []));
    await Promise.all(got.map((e) => smtp.next(e)));
    expect(invited.filter((e) => smtp.to(e).length > 0).sort()).toEqual(got.sort());
  });

  it("invitation mails to one address per hour: 100 teams invite it at once, exactly 3 mails, 97 refused 429", async () => {
    const owner = await person(b, "popular");
    const teams = await Promise.all(Array.from({ length: 100 }, (_, i) => newTeam(b, owner, `Inviter ${i}`)));
    const target = address("target");
    await nextHour(...origins(b));
    const sent = await Promise.all(teams.map((team, i) => call(b, owner, i, "POST", `/teams/${team}/invitations`, { email: target, role: "viewer" })));
    expect(atCap(sent, 429), why(sent)).toEqual({ 201: 3, 429: 97 });
    expect(errors(sent, 429)).toEqual(["RATE_LIMITED"]);
    await expect.poll(() => smtp.to(target).length, { timeout: 30_000, interval: 50 }).toBe(3);
  });

  it("members per team: 100 invited people accept at once, exactly MEMBERS_PER_TEAM (10, the owner counted) are in, 91 refused 409", async () => {
    const owner = await person(b, "full");
    const team = await newTeam(b, owner, "Full");
    const joiners = await people(b, 100, "joiner");
    // invited over three hours (the team's 40 mails an hour)
    for (let from = 0; from < joiners.length; from += 40) {
      await nextHour(...origins(b));
      const sent = await Promise.all(joiners.slice(from, from + 40).map((j, i) => invite(b, owner, i, team, j.email, "developer")));
      expect(statuses(sent), why(sent)).toEqual({ 201: sent.length });
    }
    const tokens = await Promise.all(joiners.map(async (j) => /\/invite\/([\w-]+)/.exec((await smtp.next(j.email)).text)![1]!));
    const accepted = await Promise.all(joiners.map((j, i) => call(b, j, i, "POST", "/invitations/accept", { token: tokens[i] })));
    expect(atCap(accepted, 409), why(accepted)).toEqual({ 200: 9, 409: 91 });
    expect(errors(accepted, 409)).toEqual(["CONFLICT"]);
    const members = (await call(b, owner, 1, "GET", `/teams/${team}/members`)).json;
    expect(members.members).toHaveLength(10);
    expect(members.members.map((m: { email: string }) => m.email).sort()).toEqual(
      [owner.email, ...joiners.filter((_, i) => accepted[i]!.status === 200).map((j) => j.email)].sort(),
    );
  }, 240_000); // bursts of 100 through two portals: generous for a loaded machine
});
