// Receiver checks: the battery of receiver-cases.ts posted to the integrator's
// callback URL through the callback network policy (postWithHeaders), the
// answers judged, the run kept per app (ReceiverCheck; read model in
// lib/activity/receiver-check-runs.ts). Budgets (`claimSlot`, the one home of
// these limits): an app and its throwaway sandboxes are one family, with
// RECEIVER_CHECKS_AT_ONCE running and RECEIVER_CHECKS_PER_MINUTE started
// together; one destination host takes RECEIVER_CHECKS_PER_HOST_AT_ONCE and
// RECEIVER_CHECKS_PER_HOST_PER_MINUTE over the whole portal. The app's own
// inspector address is posted in-process: a listener (`sandbox.mjs listen`)
// relays the cases to a local server, and its answers are read from the relays.
import { checkView, CHECK_STALE_MS, type CaseAnswer, type ReceiverCase, type ReceiverCheckView } from "@/lib/activity/receiver-check-runs";
import { operationByName, operations, groupOf, type Operation } from "@/lib/catalog";
import { liveSecrets } from "@/lib/callbacks/attempt";
import { destinationHost, isOwnInspector, routeFor } from "@/lib/callbacks/policy";
import { postWithHeaders, type PostOutcome } from "@/lib/callbacks/post";
import { keepNewest } from "@/lib/db/bounded";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { exampleCallback } from "@/lib/engine";
import { ApiError } from "@/lib/errors";
import { newId, newReceipt, randomBase62 } from "@/lib/ids";
import { withAppLock, type Tx } from "@/lib/services/apps";
import { APP_THROTTLES, Throttle } from "@/lib/throttle";
import { battery, caseIdsText, judge, type CaseSpec } from "./receiver-cases";
import { relayedAnswers } from "./receiver-relays";
import { config, nowDate, nowMs } from "@/lib/runtime";

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
  // The host a network check posts to, as the per-host budget counts it (an IPv6 address by its /64); none for the app's own inspector.
  return { viaInspector: route.kind === "inspector", host: destinationHost(route) };
}

const familyStarts = () => new Throttle(APP_THROTTLES.receiverCheck, config.receiverChecksPerMinute, 60);
const hostStarts = () => new Throttle("receiver-check:host", config.receiverChecksPerHostPerMinute, 60);
const refused = (message: string, retryAfter: number) => new ApiError("RATE_LIMITED", message, { "retry-after": String(retryAfter) });
const SLOT_RETRY_S = 10;

/**
 * Why a check may not start now, or null; then it counts the start. Read in
 * `tx` under the family's lock (the parent app's row, taken first) and the
 * counters' (the host's, then the family's), so checks started at once on any
 * instances each see the others; starts are counted only when every budget has
 * room, so a refused check uses up none (and nothing is rolled back).
 */
async function budgetRefusal(tx: Tx, family: string, host: string | null, now: number): Promise<ApiError | null> {
  const live = { status: "RUNNING", startedAt: { gt: new Date(now - CHECK_STALE_MS) } };
  const [starts, atHost] = [familyStarts().on(tx), hostStarts().on(tx)];
  const hostStarted = host === null ? null : await atHost.lock(host, now);
  const started = await starts.lock(family, now);
  if ((await tx.receiverCheck.count({ where: { ...live, app: { OR: [{ id: family }, { parentAppId: family }] } } })) >= config.receiverChecksAtOnce) {
    return refused(`at most ${config.receiverChecksAtOnce} receiver checks run at once per app and its throwaway sandboxes together; wait for one to finish`, SLOT_RETRY_S);
  }
  if (started.count >= starts.limit) {
    return refused(`at most ${starts.limit} receiver checks start a minute per app and its throwaway sandboxes together; try again in ${started.retryAfter} s`, started.retryAfter);
  }
  if (host !== null && hostStarted !== null) {
    if ((await tx.receiverCheck.count({ where: { ...live, host } })) >= config.receiverChecksPerHostAtOnce) {
      return refused(`at most ${config.receiverChecksPerHostAtOnce} receiver checks run at once at one host (${host}) over the whole portal; try again in a few seconds`, SLOT_RETRY_S);
    }
    if (hostStarted.count >= atHost.limit) {
      return refused(`at most ${atHost.limit} receiver checks start a minute at one host (${host}) over the whole portal; try again in ${hostStarted.retryAfter} s`, hostStarted.retryAfter);
    }
    await atHost.take(host, { now });
  }
  await starts.take(family, { now });
  return null;
}

/** The RUNNING row that holds one of the family's and the host's slots; 429 naming the budget that has none. */
async function claimSlot(appId: string, url: string, host: string | null, operationId: string, db: Db) {
  const { parentAppId } = await db.app.findUniqueOrThrow({ where: { id: appId }, select: { parentAppId: true } });
  const claimed = await withAppLock(parentAppId ?? appId, async (tx) => {
    const now = nowMs(); // the runtime's clock, which budgetRefusal's "still running" reads too
    const refusal = await budgetRefusal(tx, parentAppId ?? appId, host, now);
    return refusal ?? tx.receiverCheck.create({ data: { id: `rck_${randomBase62()}`, appId, url, host, operationId, status: "RUNNING", startedAt: new Date(now) } });
  });
  if (claimed instanceof ApiError) throw claimed;
  return claimed;
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
  const { viaInspector, host } = await checkUrl(appId, input.url);
  const op = await pickOperation(appId, input.operation, db);
  const row = await claimSlot(appId, input.url, host, op.id, db);
  const started = Date.now();
  let cases: ReceiverCase[] = [];
  try {
    const app = await db.app.findUniqueOrThrow({ where: { id: appId }, select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } });
    const now = new Date();
    const example = exampleCallback(op, { now, requestId: newId("req"), newId, newReceipt })!;
    const specs = battery(JSON.stringify(example.body), liveSecrets(app, nowDate()), now); // signed at real time, as receivers check it
    // The cases' ids before they are posted: a listener relays them as the app's own (lib/devapi/listen-feed.ts).
    await db.receiverCheck.updateMany({ where: { id: row.id }, data: { deliveryIds: caseIdsText([...specs.first, ...specs.after]) } });
    let answers = await post(input.url, specs);
    if (viaInspector) answers = await relayedAnswers(appId, answers, started, db);
    const valid = answers.find(([c]) => c.name === "valid")!;
    const validPassed = "status" in valid[1] && valid[1].status >= 200 && valid[1].status < 300;
    cases = answers.map(([spec, answered]) => judge(spec, answered, { url: input.url, validPassed, viaInspector }));
  } finally {
    const status = cases.length && cases.every((c) => c.passed) ? "PASSED" : "FAILED";
    await db.receiverCheck.updateMany({ where: { id: row.id }, data: { status, cases: JSON.stringify(cases), deliveryIds: caseIdsText(cases), finishedAt: nowDate() } });
  }
  await keepNewest(db, "ReceiverCheck", appId, config.receiverChecksPerApp);
  const stored = await db.receiverCheck.findUnique({ where: { id: row.id } });
  return checkView(stored ?? { ...row, status: "FAILED", cases: JSON.stringify(cases), finishedAt: nowDate() });
}
