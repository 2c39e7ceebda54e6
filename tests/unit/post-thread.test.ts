// The post thread (lib/net/post-thread.ts): posts made on it answer as posts
// made on the main thread do, and a thread that dies fails the posts it held
// (the dispatcher records them as failed attempts) while a new one takes over;
// stopping waits for the posts the thread holds.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpPost, type PostRequest } from "@/lib/net/http-post";
import { post, startPostThread, stopPostThread } from "@/lib/net/post-thread";
import { part, runtime } from "@/lib/runtime";

let server: http.Server;
let url = "";
/** Posts received at /count and /count-slow (answered after 0.5 s: still held when the thread's death is told again). */
let counted = 0;
beforeAll(async () => {
  // /slow answers after 2 s, /count-slow after 0.5 s; anything else at once, echoing the body.
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url?.startsWith("/count")) counted++;
      const send = () => res.writeHead(req.url === "/teapot" ? 418 : 200).end(`got ${body}`);
      if (req.url === "/slow") setTimeout(send, 2_000);
      else if (req.url === "/count-slow") setTimeout(send, 500);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stopPostThread();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const request = (path: string, o: Partial<PostRequest> = {}): PostRequest => ({
  url: `${url}${path}`, pin: null, body: '{"a":1}', headers: { "content-type": "application/json" }, timeoutMs: 5_000, maxResponse: 4096, ...o,
});
const thread = () => runtime().get(part<{ worker?: { threadId: number; terminate(): Promise<number> } }>("postThread"));

describe("posting on the post thread", () => {
  // Each test starts a thread of its own (stopping the one before): none relies on another having run first.
  it("answers as a post from this thread does: a status and its body, a refusal, a timeout", async () => {
    await stopPostThread();
    startPostThread();
    const closed = await new Promise<number>((r) => {
      const s = http.createServer().listen(0, "127.0.0.1", () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => r(port));
      });
    });
    const cases = [
      request("/cb"),
      request("/teapot"),
      { ...request("/cb"), url: `http://127.0.0.1:${closed}/cb` },
      request("/slow", { timeoutMs: 300 }),
      request("/cb", { maxResponse: 5 }),
      // pinned: the name is never resolved, the connection goes to the pinned address
      { ...request("/cb"), url: url.replace("127.0.0.1", "receiver.invalid"), pin: { address: "127.0.0.1", family: 4 } },
    ];
    const here = await Promise.all(cases.map((c) => httpPost(c)));
    expect(here.map((r) => r.kind)).toEqual(["answered", "answered", "failed", "timeout", "answered", "answered"]);
    expect(thread()).toBeDefined();
    expect(thread()?.worker).toBeUndefined(); // asked for, started by the first post: a portal that posts nothing spends nothing on it
    expect(await Promise.all(cases.map((c) => post(c)))).toEqual(here);
    expect(thread()?.worker?.threadId).toBeGreaterThan(0);
    expect(here[0]).toEqual({ kind: "answered", status: 200, body: 'got {"a":1}' });
    expect(here[2]).toEqual({ kind: "failed", reason: "connection refused" });
  });

  it("a thread that dies fails the posts it held, and the next post goes out on a new thread", async () => {
    await stopPostThread();
    startPostThread();
    await post(request("/cb")); // the thread starts with its first post
    const first = thread()!.worker!;
    const held = post(request("/slow"));
    await new Promise((r) => setTimeout(r, 200));
    await first.terminate();
    expect(await held).toEqual({ kind: "failed", reason: "the post thread stopped (exit 1)" });
    const next = thread()!.worker!;
    expect(next.threadId).not.toBe(first.threadId);
    expect(await post(request("/cb"))).toEqual({ kind: "answered", status: 200, body: 'got {"a":1}' });
  });

  it("a thread that cannot start: each post it was given goes out once, from this thread, and so do the next ones", async () => {
    await stopPostThread();
    startPostThread();
    const t = thread() as unknown as { load: { module: string } };
    t.load = { ...t.load, module: "file:///nonexistent/http-post.ts" }; // the thread's import fails before it is ready
    const before = counted;
    const sent = [post(request("/count-slow")), post(request("/count-slow"))];
    const worker = thread()!.worker as unknown as import("node:worker_threads").Worker;
    const exited = new Promise((r) => worker.once("exit", r));
    expect(await Promise.all(sent)).toEqual([0, 1].map(() => ({ kind: "answered", status: 200, body: 'got {"a":1}' })));
    expect(thread()).toBeUndefined(); // posting from this thread from now on
    // Node tells of the death twice ('error', then 'exit'); a post sent again at the second goes out before this one
    await exited;
    expect(await post(request("/count"))).toEqual({ kind: "answered", status: 200, body: 'got {"a":1}' });
    expect(counted - before).toBe(3);
  });

  it("stopping waits for the posts it holds (a receiver check's, a resend's), and posts from then on go out in place", async () => {
    await stopPostThread();
    startPostThread();
    const held = post(request("/slow"));
    await new Promise((r) => setTimeout(r, 100));
    let stopped = false;
    const stopping = stopPostThread().then(() => (stopped = true));
    expect(thread()).toBeUndefined();
    expect(await post(request("/cb"))).toEqual({ kind: "answered", status: 200, body: 'got {"a":1}' });
    expect(stopped).toBe(false);
    expect(await held).toEqual({ kind: "answered", status: 200, body: 'got {"a":1}' });
    await stopping;
    expect(stopped).toBe(true);
  });
});
