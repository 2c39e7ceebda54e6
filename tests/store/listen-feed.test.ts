// The listeners' feed (lib/devapi/listen-feed.ts FeedReader) on each database:
// a row committed after the stream passed its place — PostgreSQL commits
// concurrent inserts in any order, so a lower seq can become visible after a
// higher one was streamed — is still sent, once, within the settle window. The
// reader's clock is the test's, frozen: the window ends when the test says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedReader, SETTLE_MS } from "@/lib/devapi/listen-feed";
import { DIALECTS, freshDb, seedApp, type TestDb } from "./databases";

describe.each(DIALECTS)("the listeners' feed on %s", (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb(dialect, "listen_feed");
  });
  afterAll(async () => {
    await db?.close();
  });

  const row = (appId: string, id: string, body: string) => ({ id: `${id}_${appId}`, appId, method: "POST", headers: "{}", body });
  /** "late" takes its place in the sequence first but is committed after "early": its seq is held by a row deleted in the same transaction, and written again later. */
  async function earlyBeforeLate(appId: string): Promise<number> {
    return db.prisma.$transaction(async (tx) => {
      const placeholder = await tx.inboxEntry.create({ data: row(appId, "inb_late", "late") });
      await tx.inboxEntry.create({ data: row(appId, "inb_early", "early") });
      await tx.inboxEntry.delete({ where: { seq: placeholder.seq } });
      return placeholder.seq;
    });
  }
  const bodies = async (feed: FeedReader) => (await feed.next()).events.map((e) => e.body);

  it("sends a row committed below its cursor within the settle window, once, and the rows after it once", async () => {
    const { appId } = await seedApp(db.prisma);
    let t = Date.parse("2030-01-01T00:00:00Z");
    const feed = new FeedReader(appId, { inbox: 0, attempt: 0 }, { all: false, foreign: true }, db.prisma, () => t);
    const lateSeq = await earlyBeforeLate(appId);
    expect(await bodies(feed)).toEqual(["early"]);
    t += SETTLE_MS - 1;
    await db.prisma.inboxEntry.create({ data: { ...row(appId, "inb_late2", "late"), seq: lateSeq } });
    expect(await bodies(feed)).toEqual(["late"]);
    await db.prisma.inboxEntry.create({ data: row(appId, "inb_after", "after") });
    expect(await bodies(feed)).toEqual(["after"]);
    expect(await bodies(feed)).toEqual([]);
  });

  it("stops looking below its cursor once the settle window has passed since it read past the row's place", async () => {
    const { appId } = await seedApp(db.prisma);
    let t = Date.parse("2030-01-01T00:00:00Z");
    const feed = new FeedReader(appId, { inbox: 0, attempt: 0 }, { all: false, foreign: true }, db.prisma, () => t);
    const lateSeq = await earlyBeforeLate(appId);
    expect(await bodies(feed)).toEqual(["early"]);
    t += SETTLE_MS;
    expect(await bodies(feed)).toEqual([]);
    await db.prisma.inboxEntry.create({ data: { ...row(appId, "inb_late2", "late"), seq: lateSeq } });
    expect(await bodies(feed)).toEqual([]);
  });
});
