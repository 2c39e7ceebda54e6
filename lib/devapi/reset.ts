// Reset: what it does to each of an app's tables is lib/rows `APP_TABLES`
// (today: wipes resources, deliveries and their attempts, request log, inbox,
// relays and the fault plan's call numbers, restores the float to the default
// (lib/float), keeps keys, tokens, subscriptions, receiver checks), and it
// keeps the settings (time scale, test numbers, callback faults, inspector mode) and
// every limit's count: the rate window of this minute and the
// throttles (a reset is not a way past a limit). Resets themselves are limited
// per app (RESETS_PER_MINUTE). The console, the operator command line, the API and MCP call it.
import { APP_TABLES, wipeAppRows } from "@/lib/rows";
import { deleteDeliveriesOf } from "@/lib/callbacks/store/deliveries";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { resetFloat } from "@/lib/float";
import { config, nowDate } from "@/lib/runtime";
import { audit } from "@/lib/services/audit";
import { APP_THROTTLES, Throttle } from "@/lib/throttle";

type Table = (typeof APP_TABLES)[number];
type Counted = Extract<Table, { as: string }>["as"];

export type ResetResult = { appId: string; at: string; deleted: Record<Counted | "attempts", number> };

const resets = () => new Throttle(APP_THROTTLES.reset, config.resetsPerMinute, 60);

/** How each table `APP_TABLES` says a reset restores is restored. */
type Statement = ReturnType<typeof resetFloat>;
/** What runs a reset's statements: the transaction's client. */
type Exec = Pick<Db, "$executeRawUnsafe">;
const RESTORE: Record<Extract<Table, { reset: "restore" }>["table"], (db: Exec, appId: string) => Statement> = {
  FloatBalance: (db, appId) => resetFloat(appId, db),
};

/** The reset's statements, in the order of `APP_TABLES`, each with the name its count is answered under. */
function statements(db: Exec, appId: string): { as?: keyof ResetResult["deleted"]; run: Statement }[] {
  return APP_TABLES.flatMap((t): { as?: keyof ResetResult["deleted"]; run: Statement }[] => {
    if (t.reset === "keep") return [];
    if (t.reset === "restore") return [{ run: RESTORE[t.table](db, appId) }];
    if (t.key === null) {
      const [attempts, deliveries] = deleteDeliveriesOf(db, appId);
      return [{ as: "attempts", run: attempts }, { as: t.as, run: deliveries }];
    }
    return [{ as: "as" in t ? t.as : undefined, run: wipeAppRows(db, t.table, appId) }];
  });
}

export async function resetApp(appId: string, db: Db = defaultDb): Promise<ResetResult> {
  const app = await db.app.findUnique({ where: { id: appId }, select: { id: true, teamId: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  await resets().enforce(appId, (s) => `at most ${config.resetsPerMinute} resets a minute per app; try again in ${s} s`);
  const counts: number[] = [];
  const run = await db.$transaction(async (tx) => {
    const wipes = statements(tx, appId);
    for (const s of wipes) counts.push(await s.run);
    await audit(tx, { teamId: app.teamId, action: "app.reset", target: appId });
    return wipes;
  });
  const deleted = Object.fromEntries(run.flatMap((s, i) => (s.as ? [[s.as, counts[i]!]] : []))) as ResetResult["deleted"];
  return { appId, at: nowDate().toISOString(), deleted };
}
