// Posting off the gateway's event loop: one worker thread per server process
// runs httpPost (http-post.ts) for it. A callback's post (its request, the
// receiver's answer, the sockets kept) was a fifth of the portal's one thread
// under load; on the post thread it no longer delays the calls being answered.
// The server starts it (server/main.ts); everything posts through `post`,
// which runs httpPost here when no thread was started (tests, scripts). The
// requests and results are plain data: signing, the network policy and the
// records stay with the caller.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { httpPost, type PostRequest, type PostResult } from "./http-post";

type Thread = { worker: Worker; next: number; pending: Map<number, (r: PostResult) => void>; stopping: boolean };
const g = globalThis as unknown as { __svcPostThread?: Thread };

// The worker loads this TypeScript through tsx, as scripts/start.mjs loads the
// server, and says when it is ready.
const WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
import(workerData.tsx)
  .then(({ register }) => { register({ tsconfig: workerData.tsconfig }); return import(workerData.module); })
  .then((m) => { m.servePosts(parentPort); parentPort.postMessage({ ready: true }); });
`;

/** The worker's side: each request posted, its result sent back under its id. */
export function servePosts(port: import("node:worker_threads").MessagePort): void {
  port.on("message", ({ id, request }: { id: number; request: PostRequest }) => {
    void httpPost(request).then((result) => port.postMessage({ id, result }));
  });
}

type Message = { ready: true } | { id: number; result: PostResult };

function spawn(t: Omit<Thread, "worker">): Worker {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { tsx: import.meta.resolve("tsx/esm/api"), tsconfig: path.join(root, "tsconfig.json"), module: import.meta.url },
  });
  worker.unref();
  let ready = false;
  worker.on("message", (m: Message) => {
    if ("ready" in m) ready = true;
    else {
      t.pending.get(m.id)?.(m.result);
      t.pending.delete(m.id);
    }
  });
  // A thread that dies fails what it held (the callers record a failed
  // attempt, retried on schedule) and a new one takes over; one that never
  // got ready is not started again: this thread posts from then on.
  const lost = (why: string) => {
    if (t.stopping || g.__svcPostThread?.worker !== worker) return;
    for (const answer of t.pending.values()) answer({ kind: "failed", reason: `the post thread stopped (${why})` });
    t.pending.clear();
    console.error(`[callbacks] the post thread stopped (${why}); ${ready ? "starting another" : "posting from the main thread"}`);
    if (ready) g.__svcPostThread!.worker = spawn(t);
    else g.__svcPostThread = undefined;
  };
  worker.on("error", (e) => lost(e.message));
  worker.on("exit", (code) => lost(`exit ${code}`));
  return worker;
}

export function startPostThread(): void {
  if (g.__svcPostThread) return;
  const t: Omit<Thread, "worker"> = { next: 1, pending: new Map(), stopping: false };
  const thread = t as Thread;
  g.__svcPostThread = thread;
  thread.worker = spawn(t);
}

/** After the posts in flight are answered (the dispatcher's drain waits for them). */
export async function stopPostThread(): Promise<void> {
  const t = g.__svcPostThread;
  if (!t) return;
  t.stopping = true;
  g.__svcPostThread = undefined;
  await t.worker.terminate();
}

/** One POST, on the post thread when there is one. */
export function post(request: PostRequest): Promise<PostResult> {
  const t = g.__svcPostThread;
  if (!t) return httpPost(request);
  return new Promise((resolve) => {
    const id = t.next++;
    t.pending.set(id, resolve);
    t.worker.postMessage({ id, request });
  });
}
