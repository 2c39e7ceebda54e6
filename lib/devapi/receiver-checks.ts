// Receiver checks: the battery of receiver-cases.ts posted to the integrator's
// callback URL through the callback network policy (postWithHeaders), the
// answers judged, the run kept per app (ReceiverCheck; read model in
// lib/activity/receiver-check-runs.ts). At most CHECKS_AT_ONCE run per app, counted
// in the database under the app row's lock, so every instance counts the same;
// and config.receiverChecksPerMinute start per app per minute. The app's own
// inspector address is posted in-process: a listener (`sandbox.mjs listen`)
// relays the cases to a local server, and its answers are read from the relays.
import { checkView, CHECK_STALE_MS, type CaseAnswer, type ReceiverCase, type ReceiverCheckView } from "@/lib/activity/receiver-check-runs";
import { operationByName, operations, groupOf, type Operation } from "@/lib/catalog";
import { liveSecrets } from "@/lib/callbacks/attempt";
import { isOwnInspector, routeFor } from "@/lib/callbacks/policy";
import { postWithHeaders, type PostOutcome } from "@/lib/callbacks/post";
import { config } from "@/lib/config";
import { keepNewest } from "@/lib/db/bounded";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { exampleCallback } from "@/lib/engine";
import { ApiError } from "@/lib/errors";
import { newId, newReceipt, randomBase62 } from "@/lib/ids";
import { withAppLock } from "@/lib/services/apps";
import { APP_THROTTLES, Throttle } from "@/lib/throttle";
import { battery, judge, type CaseSpec } from "./receiver-cases";
import { relayedAnswers } from "./receiver-relays";

/** Checks running at once per app (any instance); the next answers 429. */
export const CHECKS_AT_ONCE = 5;
/** What of an answer's body is kept per case. */
const ANSWER_KEPT = 1024;

const invalidUrl = (message: string) => new ApiError("VALIDATION_ERROR", `url: ${message}`, {}, [{ field: "url", message }]);

/** The operation named, else the first of the app's ACTIVE groups that calls back, else the catalog's first that does. */
async function pickOperation(appId: string, name: string | undefined, db: Db): Promise<Operation> {
  if (name) return operationByName(name)!; // the endpoint's schema accepted it
  const active = new Set((await db.subscription.findMany({ where: { appId, status: "ACTIVE" }, select: { group: true } })).map((s) => s.group));
  const callsBack = operations.filter((op) => op.callback);
  return callsBack.find((op) => active.has(groupOf(op).name)) ?? callsBack[0]!;
}

/** Where the cases go; a URL the callback network policy refuses, or another app's inspector, is a 400 naming url. */
async function checkUrl(appId: string, url: string) {
  const route = await routeFor(url);
  if (route.kind === "refused") throw invalidUrl(route.reason);
  if (route.kind === "inspector" && !isOwnInspector(url, appId)) {
    throw invalidUrl("this is another app's inspector address; check your own server's address, or your app's inspector address with a listener relaying to your server");
  }
  return { viaInspector: route.kind === "inspector" };
}

async function takeStart(appId: string) {
  await new Throttle(APP_THROTTLES.receiverCheck, config.receiverChecksPerMinute, 60).enforce(
    appId,
    (s) => `at most ${config.receiverChecksPerMinute} receiver checks a minute per app; try again in ${s} s`,
  );
}

/** The RUNNING row that holds one of the app's slots, created under the app row's lock after counting the others. */
function claimSlot(appId: string, url: string, operationId: string) {
  return withAppLock(appId, async (tx) => {
    const running = await tx.receiverCheck.count({ where: { appId, status: "RUNNING", startedAt: { gt: new Date(Date.now() - CHECK_STALE_MS) } } });
    if (running >= CHECKS_AT_ONCE) {
      throw new ApiError("RATE_LIMITED", `at most ${CHECKS_AT_ONCE} receiver checks run at once per app; wait for one to finish`, { "retry-after": "10" });
    }
    return tx.receiverCheck.create({ data: { id: `rck_${randomBase62()}`, appId, url, operationId, status: "RUNNING" } });
  });
}

const answerOf = (o: PostOutcome): CaseAnswer =>
  o.status !== null ? { status: o.status, ms: o.durationMs, body: o.responseBody?.slice(0, ANSWER_KEPT) ?? null } : { error: o.error ?? "no answer", ms: o.durationMs };

/** Posts the cases: the first ones at once, the duplicate after valid answered. */
async function post(url: string, cases: { first: CaseSpec[]; after: CaseSpec[] }): Promise<[CaseSpec, CaseAnswer][]> {
  const send = async (c: CaseSpec): Promise<[CaseSpec, CaseAnswer]> => [c, answerOf(await postWithHeaders(url, c.body, c.headers))];
  const first = cases.first.map(send);
  const after = first[0]!.then(() => Promise.all(cases.after.map(send)));
  return [...(await Promise.all(first)), ...(await after)];
}

export async function runReceiverCheck(appId: string, input: { url: string; operation?: string }, db: Db = defaultDb): Promise<ReceiverCheckView> {
  const { viaInspector } = await checkUrl(appId, input.url);
  const op = await pickOperation(appId, input.operation, db);
  await takeStart(appId);
  const row = await claimSlot(appId, input.url, op.id);
  const started = Date.now();
  let cases: ReceiverCase[] = [];
  try {
    const app = await db.app.findUniqueOrThrow({ where: { id: appId }, select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } });
    const now = new Date();
    const example = exampleCallback(op, { now, requestId: newId("req"), newId, newReceipt })!;
    const specs = battery(JSON.stringify(example.body), liveSecrets(app, now), now);
    // The cases' ids before they are posted: a listener relays them as the app's own (lib/devapi/listen-feed.ts).
    const caseIds = [...new Set([...specs.first, ...specs.after].map((c) => c.deliveryId))].join(" ");
    await db.receiverCheck.updateMany({ where: { id: row.id }, data: { deliveryIds: caseIds } });
    let answers = await post(input.url, specs);
    if (viaInspector) answers = await relayedAnswers(appId, answers, started, db);
    const valid = answers.find(([c]) => c.name === "valid")!;
    const validPassed = "status" in valid[1] && valid[1].status >= 200 && valid[1].status < 300;
    cases = answers.map(([spec, answered]) => judge(spec, answered, { url: input.url, validPassed, viaInspector }));
  } finally {
    const status = cases.length && cases.every((c) => c.passed) ? "PASSED" : "FAILED";
    const deliveryIds = [...new Set(cases.map((c) => c.deliveryId))].join(" ");
    await db.receiverCheck.updateMany({ where: { id: row.id }, data: { status, cases: JSON.stringify(cases), deliveryIds, finishedAt: new Date() } });
  }
  await keepNewest(db, "ReceiverCheck", appId, config.receiverChecksPerApp);
  const stored = await db.receiverCheck.findUnique({ where: { id: row.id } });
  return checkView(stored ?? { ...row, status: "FAILED", cases: JSON.stringify(cases), finishedAt: new Date() });
}
