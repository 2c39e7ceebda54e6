// A NUL character in a path id or a body field is input like any other: never
// a 5xx (PostgreSQL cannot store NUL in text; the hot-path store maps it).
import { describe, expect, it } from "vitest";
import { collectBody, newApp } from "../helpers/sandbox";

describe("NUL characters in input", () => {
  it("a path id with %00 answers the scripted default; a reference with \\u0000 is accepted, then a duplicate", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const get = await a.call("GET", "/collect/v1/push/chk_a%00b");
    expect(get.status).toBe(200);
    const body = collectBody({ reference: "R\u0000X", callbackUrl: "http://127.0.0.1:9/cb" });
    const first = await a.call("POST", "/collect/v1/push", body, { "x-svc-time-scale": "0.5" });
    expect(first.status).toBe(202);
    const again = await a.call("POST", "/collect/v1/push", body, { "x-svc-time-scale": "0.5" });
    expect(again.status).toBe(409);
  });
});
