// The logger's two formats and its redaction (lib/log.ts): what a line says
// when a caller hands it a known secret's field, and a request's line with its
// fields only. The server's lines over real HTTP are tests/integration/logs.test.ts.
import { describe, expect, it } from "vitest";
import { installLogger, logRequest, makeLogger, textLine } from "@/lib/log";
import { enter, Runtime } from "@/lib/runtime";

const collect = (format: "json" | "text") => {
  const lines: string[] = [];
  return { logger: makeLogger(format, { write: (l: string) => lines.push(l) }), lines };
};

describe("the logger", () => {
  it("JSON: time, level, msg and the fields; a known secret's field is redacted at the top and inside headers, err, body containers", () => {
    const { logger, lines } = collect("json");
    logger.info({
      deliveryId: "dlv_1", token: "tok-1", password: "pw-1", consumerSecret: "cs-1", signingSecret: "whsec_1", body: "{\"a\":1}",
      headers: { authorization: "Bearer tok-2", "x-svc-signature": "t=1,v1=abc", accept: "*/*" }, err: { body: "secret body" },
    }, "[callbacks] attempt");
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "info", msg: "[callbacks] attempt", deliveryId: "dlv_1", headers: { accept: "*/*" } });
    expect(Date.parse(line.time)).toBeGreaterThan(0);
    for (const secret of ["tok-1", "tok-2", "pw-1", "cs-1", "whsec_1", "abc", "secret body", "\\\"a\\\""]) expect(lines[0]).not.toContain(secret);
  });

  it("text: msg then field=value, an error's stack on the lines after, WARN and ERROR leading their lines", () => {
    const { logger, lines } = collect("text");
    logger.info({ sandboxId: "app_1", rows: 3, note: "two words" }, "[sandboxes] deleted an ended sandbox");
    logger.warn("[server] careful");
    logger.error({ err: new Error("boom") }, "[callbacks] dispatcher tick failed");
    expect(lines[0]).toBe("[sandboxes] deleted an ended sandbox sandboxId=app_1 rows=3 note=\"two words\"\n");
    expect(lines[1]).toBe("WARN [server] careful\n");
    expect(lines[2]).toMatch(/^ERROR \[callbacks\] dispatcher tick failed\nError: boom\n {4}at /);
    expect(textLine(JSON.stringify({ level: "info", time: "t", msg: "m", token: "[redacted]" }))).toBe("m token=[redacted]\n");
  });

  it("a request's line has its whitelisted fields only", () => {
    const lines: string[] = [];
    const rt = new Runtime(); // a runtime of this test's own: the logger installed on it is no other file's
    installLogger(rt, "text", { write: (l: string) => lines.push(l) });
    enter(rt, () => {
      logRequest({ requestId: "req_1", method: "GET", path: "/docs", status: 200, ms: 1.5, appId: "app_1", ...({ authorization: "Bearer x", query: "q=1" } as object) });
      logRequest({ requestId: "req_2", method: "GET", path: "/docs", status: 404, ms: 0.5 });
    });
    expect(lines).toEqual([
      "request requestId=req_1 method=GET path=/docs status=200 ms=1.5 appId=app_1\n",
      "request requestId=req_2 method=GET path=/docs status=404 ms=0.5\n",
    ]);
  });
});
