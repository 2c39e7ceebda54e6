// The console's "Copy as curl" line, run by the real curl: the logged body is
// sent as it is, even when it starts with "@" (curl's -d would read a file).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlFor } from "@/components/console/request-detail";
import { startReceiver, type Receiver } from "../helpers/receiver";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("Copy as curl", () => {
  it.each(["@/etc/hostname", '{"reference":"it\'s @home"}', "a=1&b=@/etc/passwd"])("sends the logged body %s as it is", async (body) => {
    const line = curlFor(receiver.url, { method: "POST", path: "/collect/v1/push", requestHeaders: { "content-type": "application/json" }, requestBody: body });
    expect(line).toContain("--data-raw");
    // Asynchronously: the receiver answers in this process, so a synchronous run would wait on itself.
    await promisify(execFile)("bash", ["-c", `${line} -s -o /dev/null --max-time 20`], { env: { ...process.env, TOKEN: "t0k" } });
    const got = receiver.received.at(-1)!;
    expect([got.method, got.path, got.body, got.headers.authorization]).toEqual(["POST", "/collect/v1/push", body, "Bearer t0k"]);
  });
});
