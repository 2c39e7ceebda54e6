// Posting off the gateway's event loop: one worker thread per server process
// runs httpPost (http-post.ts) for it. A callback's post (its request, the
// receiver's answer, the sockets kept) was a fifth of the portal's one thread
// under load; on the post thread it no longer delays the calls being answered.
// The portal asks for it (server/portal.ts `listen`), as a part of its runtime, which stops it on drain; the
// first post starts it (a portal that never posts spends nothing on it); everything posts through `post`,
// which runs httpPost here when no thread was asked for (tests, scripts). The
// requests and results are plain data: signing, the network policy and the
// records stay with the caller.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { part, runtime } from "@/lib/runtime";
import { httpPost, type PostRequest, type PostResult } from "./http-post";
import { log } from "@/lib/log";

type Pending = { request: PostRequest; answer: (r: PostResult) => void };
type Thread = {
  /** Started by the first post (a portal that posts nothing never pays for the thread's start). */
  worker?: Worker; next: number; pending: Map<number, Pending>;
  /** When the threads that died were started again (at most RESPAWNS a minute). */
  respawns: number[];
  /** Called when `pending` empties (stopPostThread waits for it). */
  drained?: () => void;
  /** What the thread loads, found where the portal asked for the thread (Next's bundle of this file has no import.meta.dirname). */
  load: { tsx: string; tsconfig: string; module: string };
};
const THREAD = part<Thread>("postThread");
const RESPAWNS = 5;

// The worker loads http-post.ts through tsx, as scripts/start.mjs loads the
// server, and says when it is ready. Only that file (node:http, nothing of
// lib): a thread that loaded this one loaded the runtime and the logger too,
// a third more of each portal's start. Its path is built, not written as
// new URL("./…", import.meta.url): Next's bundler would publish the file.
const WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
import(workerData.tsx)
  .then(({ register }) => { register({ tsconfig: workerData.tsconfig }); return import(workerData.module); })
  .then((m) => { m.servePosts(parentPort); parentPort.postMessage({ ready: true }); });
`;

type Message = { ready: true } | { id: number; result: PostResult };

function settle(t: Thread, id: number, result: PostResult) {
  t.pending.get(id)?.answer(result);
  t.pending.delete(id);
  if (t.pending.size === 0) t.drained?.();
}

function spawn(t: Thread): Worker {
  const worker = new Worker(WORKER, { eval: true, workerData: t.load });
  worker.unref();
  let ready = false;
  worker.on("message", (m: Message) => {
    if ("ready" in m) ready = true;
    else settle(t, m.id, m.result);
  });
  // A thread that dies fails the posts it held (they may have gone out: the
  // dispatcher records a failed attempt and posts again on schedule) and a
  // new one takes over. A thread that never got ready sent nothing: its posts
  // go out from this thread, which posts from then on, as it does after
  // RESPAWNS deaths in a minute.
  // Node may tell of one death twice ('error', then 'exit'): the first is the one acted on, so no post
  // held goes out twice.
  let gone = false;
  const lost = (why: string) => {
    const stopping = runtime().get(THREAD) !== t;
    if (gone || t.worker !== worker || (stopping && t.pending.size === 0)) return;
    gone = true;
    const now = Date.now();
    t.respawns = t.respawns.filter((at) => at > now - 60_000);
    const again = !stopping && ready && t.respawns.length < RESPAWNS;
    log().error(`[callbacks] the post thread stopped (${why}); ${again ? "starting another" : "posting from the main thread"}`);
    if (again) {
      t.respawns.push(now);
      t.worker = spawn(t);
    } else if (!stopping) runtime().set(THREAD, undefined);
    for (const [id, { request }] of t.pending) {
      if (ready) settle(t, id, { kind: "failed", reason: `the post thread stopped (${why})` });
      else void httpPost(request).then((result) => settle(t, id, result));
    }
  };
  worker.on("error", (e) => lost(e.message));
  worker.on("exit", (code) => lost(`exit ${code}`));
  return worker;
}

/** From now on this runtime posts on a thread of its own, which its first post starts. */
export function startPostThread(): void {
  const rt = runtime();
  if (rt.get(THREAD)) return;
  const root = path.resolve(import.meta.dirname, "..", "..");
  const load = { tsx: import.meta.resolve("tsx/esm/api"), tsconfig: path.join(root, "tsconfig.json"), module: pathToFileURL(path.join(import.meta.dirname, "http-post.ts")).href };
  rt.set(THREAD, { next: 1, pending: new Map(), respawns: [], load });
  rt.onStop(stopPostThread); // after the dispatcher's stop (started later), so its posts in flight are answered first
}

/**
 * New posts go out from this thread at once; the thread stops when the posts
 * it holds are answered (the dispatcher's, a receiver check's, a resend's:
 * each has its own deadline).
 */
export async function stopPostThread(): Promise<void> {
  const rt = runtime();
  const t = rt.get(THREAD);
  if (!t) return;
  rt.set(THREAD, undefined);
  if (t.pending.size > 0) await new Promise<void>((r) => (t.drained = r));
  await t.worker?.terminate();
}

/** One POST, on the post thread when there is one. */
export function post(request: PostRequest): Promise<PostResult> {
  const t = runtime().get(THREAD);
  if (!t) return httpPost(request);
  t.worker ??= spawn(t); // the posts sent before it is ready wait in its port
  const worker = t.worker;
  return new Promise((answer) => {
    const id = t.next++;
    t.pending.set(id, { request, answer });
    worker.postMessage({ id, request });
  });
}
