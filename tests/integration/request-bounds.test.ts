// What every request meets where it enters (server/route.ts), over real sockets:
// a body past the one bound (lib/http/body-bound.ts) is refused before any
// handler reads it, declared or chunked; routes that take large bodies still
// take them; the static samples answer 405 to other methods.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { MAX_REQUEST_BODY } from "@/lib/http/body-bound";
import { http, newApp, origin } from "../helpers/apps";

type Answer = { status: number; headers: Record<string, string>; json: any };

/**
 * Writes `head` and then `body` chunks on a socket of its own, resolving with the first
 * answer the server sends (read up to its Content-Length) while the request may still be
 * unfinished: an answer that comes before the whole body was sent proves the server did not wait for it.
 */
function exchange(head: string, chunks: Buffer[], opts: { finish?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(origin());
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let got = Buffer.alloc(0);
    socket.on("error", () => {}); // a reset after the answer: the answer is what counts
    socket.on("data", (c: Buffer) => {
      got = Buffer.concat([got, c]);
      const at = got.indexOf("\r\n\r\n");
      if (at < 0) return;
      const lines = got.subarray(0, at).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const length = Number(headers["content-length"] ?? Number.NaN);
      if (!(got.length - at - 4 >= length)) return;
      const text = got.subarray(at + 4, at + 4 + length).toString("utf8");
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0]!)?.[1]), headers, json: JSON.parse(text) });
    });
    socket.on("close", () => reject(new Error(`closed without an answer after ${got.length} bytes`)));
    socket.write(head);
    for (const c of chunks) socket.write(c);
    if (opts.finish !== undefined) socket.write(opts.finish);
  });
}

const host = () => new URL(origin()).host;
const multipartHead = (path: string, length: number | "chunked") =>
  `POST ${path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: multipart/form-data; boundary=xyz\r\n` +
  (length === "chunked" ? "Transfer-Encoding: chunked\r\n" : `Content-Length: ${length}\r\n`) + "\r\n";
/** A multipart body's opening: one field whose value follows. */
const partStart = Buffer.from('--xyz\r\nContent-Disposition: form-data; name="f"\r\n\r\n');
const chunked = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")]);

const expectTooLarge = (a: Answer) => {
  expect(a.status).toBe(413);
  expect(a.json).toEqual({ error: "BODY_TOO_LARGE", message: `the request body must be at most ${MAX_REQUEST_BODY} bytes`, requestId: expect.stringMatching(/^req_/) });
  expect(a.headers["x-request-id"]).toBe(a.json.requestId);
};

describe("one bound on every request body", () => {
  it("a multipart POST over the bound to a page, signed out, is refused with 413 before its body is sent", async () => {
    for (const path of ["/", "/signin", "/docs", "/apps", "/api/console/apps", "/sandbox/collect/v1/push", `/inspect/app_nobody`]) {
      // 9 MiB declared, only the opening sent: the answer cannot have waited for the rest.
      expectTooLarge(await exchange(multipartHead(path, 9 * 1024 * 1024), [partStart]));
    }
  });

  it("fetch posting a form past the bound reads the 413: the rest of the body is read and dropped, not reset under the client", async () => {
    const form = new FormData();
    form.append("f", "x".repeat(2 * MAX_REQUEST_BODY));
    for (const path of ["/", "/signin"]) {
      // FormData is streamed in pieces: the client is still writing when the answer comes.
      const r = await fetch(`${origin()}${path}`, { method: "POST", body: form }).catch((e: Error) => e);
      expect(r, `${path}: ${String((r as Error).cause ?? r)}`).toBeInstanceOf(Response);
      const reply = r as Response;
      expect(reply.status).toBe(413);
      expect(await reply.json()).toMatchObject({ error: "BODY_TOO_LARGE", requestId: expect.any(String) });
    }
  });

  it("a chunked body is counted as it arrives and cut off past the bound", async () => {
    const piece = Buffer.alloc(64 * 1024, "a");
    const pieces = Array.from({ length: MAX_REQUEST_BODY / piece.length }, () => chunked(piece));
    for (const path of ["/", "/signin", "/api/console/apps"]) {
      // Exactly the bound plus the part's opening, and no end: only a server that counts chunks can answer.
      expectTooLarge(await exchange(multipartHead(path, "chunked"), [chunked(partStart), ...pieces]));
    }
  });

  it("routes that take large bodies still take them: the inspector's 256 KiB, the developer API's 1 MiB explain", async () => {
    const app = await newApp();
    const inspected = await fetch(app.inspectorUrl, { method: "POST", body: "x".repeat(256 * 1024) });
    expect(inspected.status).toBe(200);
    // Explain takes a 256 KiB body inside up to 1 MiB of JSON: 256 KiB of quotes, escaped, is 512 KiB.
    const explained = await app.call("POST", "/dev/v1/signatures/explain", { headers: {}, body: '"'.repeat(256 * 1024) });
    expect(explained.status).toBe(200);
  });
});

describe("static samples", () => {
  it("answer GET and HEAD; any other method 405 with Allow, in the error body", async () => {
    for (const path of ["/samples/held.test.mjs", "/samples/sandbox-ci.test.mjs", "/samples/rehearse/rehearse.py"]) {
      expect((await http("GET", `${origin()}${path}`)).status, path).toBe(200);
      expect((await http("HEAD", `${origin()}${path}`)).status, path).toBe(200);
      for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const r = await http(method, `${origin()}${path}`, { headers: { "content-type": "application/json" }, body: method === "OPTIONS" ? undefined : "{}" });
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.headers.get("allow")).toBe("GET, HEAD");
        expect(r.body).toMatchObject({ error: "METHOD_NOT_ALLOWED", requestId: expect.any(String) });
      }
    }
  });
});
