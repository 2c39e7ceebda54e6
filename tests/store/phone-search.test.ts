// The console's search by phone number (lib/activity/search.ts) on each
// database: it reads the (appId, phone, seq) index of the request log
// (RequestLog.phone, written with the row from the body: lib/engine/phone.ts),
// never the bodies, and finds the calls that named the number, in the user's
// apps only, newest first. Plans read over thousands of rows of the app.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneSearch, searchConsole } from "@/lib/activity/search";
import { literal } from "@/lib/db/pg";
import { compile, inline } from "@/lib/db/sql";
import { encode as sqliteValue } from "@/lib/db/sqlite";
import { phoneOfBody } from "@/lib/engine";
import { DIALECTS, freshDb, logRow, seedApp, uid, type TestDb } from "./databases";

const INDEX = "RequestLog_appId_phone_seq_idx";
const FILL = 3_000;

describe.each(DIALECTS)("the console's search by phone number on %s", (dialect) => {
  let db: TestDb;
  let userId: string;
  const apps: string[] = [];
  const phone = "254733123456";
  const made: string[] = [];

  /** A call as the gateway logs it: its body as sent, the phone column from it. */
  const call = (appId: string, body: object | string, o: { status?: number; responseBody?: string } = {}) => {
    const requestBody = typeof body === "string" ? body : JSON.stringify(body);
    return logRow(appId, { requestBody, phone: phoneOfBody(requestBody), status: o.status ?? 202, responseBody: o.responseBody ?? '{"status":"PENDING"}' });
  };

  beforeAll(async () => {
    db = await freshDb(dialect, "phone_search");
    const first = await seedApp(db.prisma);
    const { teamId } = await db.prisma.app.findUniqueOrThrow({ where: { id: first.appId } });
    userId = (await db.prisma.team.findUniqueOrThrow({ where: { id: teamId } })).personalOf!;
    const second = uid("app");
    await db.prisma.app.create({ data: { id: second, name: "second", teamId, signingSecret: `whsec_${uid("s")}` } });
    apps.push(first.appId, second);
    const stranger = await seedApp(db.prisma);
    // Thousands of other calls in the user's apps (other numbers, other bodies), and the stranger's with the number.
    const filler = Array.from({ length: FILL }, (_, i) =>
      call(apps[i % 2]!, { phoneNumber: `2547${String(10_000_000 + i)}`, amount: 100, reference: `R-${i}` }));
    await db.prisma.requestLog.createMany({ data: filler });
    await db.prisma.requestLog.createMany({ data: Array.from({ length: 50 }, () => call(stranger.appId, { phoneNumber: phone, amount: 1 })) });
    // The calls that named it: a push in the first app, an SMS and a payout in the second, one refused (still logged as sent).
    const push = `chk_${uid("x").slice(2, 24)}`;
    const sms = `msg_${uid("x").slice(2, 24)}`;
    const payout = `pay_${uid("x").slice(2, 24)}`;
    await db.gateway.commit({ log: call(apps[0]!, { phoneNumber: phone, amount: 100, reference: "A" }, { responseBody: JSON.stringify({ checkoutId: push }) }) });
    await db.gateway.commit({ log: call(apps[1]!, { to: phone, senderId: "SHOP", message: "hi" }, { responseBody: JSON.stringify({ messageId: sms }) }) });
    await db.gateway.commit({ log: call(apps[1]!, { destination: { type: "mobile", phoneNumber: phone }, amount: 5 }, { responseBody: JSON.stringify({ payoutId: payout }) }) });
    await db.gateway.commit({ log: call(apps[0]!, { phoneNumber: phone, amount: -1 }, { status: 400, responseBody: '{"error":"VALIDATION_ERROR"}' }) });
    made.push(push, sms, payout);
    if (dialect === "postgresql") await db.prisma.$executeRawUnsafe(`ANALYZE "RequestLog"`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("finds the calls that named the number, as typed, in the user's apps only, newest first", async () => {
    for (const typed of [phone, `+${phone}`, "+254 733 123 456", "(254) 733-123.456"]) {
      const { results } = await searchConsole(userId, typed, db.prisma, dialect);
      expect(results.map((h) => [h.kind, h.kind === "request" ? h.detail : h.id]), typed).toEqual([
        ["request", `400 · phone ${phone}`], ["resource", made[2]], ["resource", made[1]], ["resource", made[0]],
      ]);
      expect(new Set(results.map((h) => h.app?.id))).toEqual(new Set(apps));
    }
    expect((await searchConsole(userId, "254733123457", db.prisma, dialect)).results).toEqual([]);
  });

  it("the migration fills the rows logged before it as phoneOfBody reads their bodies", async () => {
    const bodies = [
      '{"phoneNumber":"254712345678","amount":100}', '{"to":"254700000013","message":"hi"}',
      '{"destination":{"type":"mobile","phoneNumber":"254711111111"},"amount":5}', '{"phoneNumber":"+254 712","to":"254799999999"}',
      "not json", '{"phoneNumber":254712345678}', '{"reference":"254712345678"}', '["254712345678"]', '{"phoneNumber":"12345"}', null,
    ];
    const appId = apps[0]!;
    const rows = bodies.map((requestBody) => logRow(appId, { requestBody, phone: null, requestId: uid("old") }));
    await db.prisma.requestLog.createMany({ data: rows });
    const dir = dialect === "sqlite" ? "prisma/migrations" : "prisma/postgresql/migrations";
    const text = fs.readFileSync(path.join(dir, "20261128000453_request_log_phone", "migration.sql"), "utf8");
    // The migration's own UPDATE, as it ran (over every row: those written with their phone get the same one again).
    await db.prisma.$executeRawUnsafe(text.slice(text.indexOf("UPDATE")).replace(/;\s*$/, ""));
    const filled = await db.prisma.requestLog.findMany({ where: { requestId: { in: rows.map((r) => r.requestId) } }, select: { requestId: true, phone: true } });
    const phoneOf = new Map(filled.map((r) => [r.requestId, r.phone]));
    expect(rows.map((r) => phoneOf.get(r.requestId))).toEqual(bodies.map((b) => phoneOfBody(b)));
  });

  it("reads the phone index, not the bodies", async () => {
    const params = { apps: JSON.stringify(apps), phone, take: 10 };
    const statement = phoneSearch(dialect);
    if (dialect === "sqlite") {
      const c = compile(statement, "sqlite", sqliteValue);
      const plan = (await db.prisma.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${c.text}`, ...c.bind(params))).map((r) => r.detail);
      const onLog = plan.filter((d) => /RequestLog/.test(d));
      expect(onLog.length, plan.join("\n")).toBeGreaterThan(0);
      for (const d of onLog) expect(d, plan.join("\n")).toMatch(new RegExp(`^SEARCH RequestLog USING (COVERING )?INDEX ${INDEX} \\(appId=\\? AND phone=\\?\\)`));
    } else {
      const rows = await db.prisma.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(`EXPLAIN (FORMAT JSON) ${inline(statement, params, literal)}`);
      const nodes: Record<string, unknown>[] = [];
      const walk = (n: Record<string, unknown>) => {
        nodes.push(n);
        for (const c of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(c);
      };
      walk((rows[0]!["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0]!.Plan);
      const onLog = nodes.filter((n) => n["Relation Name"] === "RequestLog");
      expect(onLog.map((n) => [n["Node Type"], n["Index Name"]]), JSON.stringify(rows[0])).toEqual([[expect.stringMatching(/^Index (Only )?Scan$/), INDEX]]);
    }
  });
});
