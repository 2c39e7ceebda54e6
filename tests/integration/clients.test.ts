// The generated TypeScript clients, downloaded from the portal, call the real
// sandbox: token caching, one typed method per operation, scenarios, errors.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apis, operations } from "@/lib/catalog";
import { exampleBody } from "@/lib/docs/examples";
import { clientClassName } from "@/lib/client-gen/client";
import { opSlug } from "@/lib/docs/urls";
import { randomBase62 } from "@/lib/ids";
import { http, newApp, origin, type TestApp } from "../helpers/sandbox";

let app: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-clients-"));
beforeAll(async () => {
  app = await newApp();
});

async function load(apiId: string) {
  const r = await http("GET", `${origin()}/clients/${apiId}.ts`);
  expect(r.status).toBe(200);
  const file = path.join(dir, `${apiId}.ts`);
  fs.writeFileSync(file, r.text);
  return import(/* @vite-ignore */ file);
}

describe.each(apis)("TypeScript client of $name", (api) => {
  it("sends with the example body, then reads the created resource back", async () => {
    const mod = await load(api.id);
    let tokenCalls = 0;
    const client = new mod[clientClassName(api)]({
      consumerKey: app.keys.consumerKey,
      consumerSecret: app.keys.consumerSecret,
      fetch: (url: string, init: RequestInit) => {
        if (String(url).endsWith("/oauth/v1/token")) tokenCalls++;
        return fetch(url, init);
      },
    });
    expect(mod[clientClassName(api)].defaultBaseUrl).toBe(`${origin()}/sandbox`);
    const [send, get] = operations.filter((o) => o.api === api.id);
    const body = { ...exampleBody(send!), ...(send!.referenceField ? { [send!.referenceField]: `C-${randomBase62(8)}` } : {}) };
    const created = await client[opSlug(send!)](body);
    const id = created[send!.resource.idField];
    expect(id).toMatch(new RegExp(`^${send!.resource.prefix}_`));
    const read = await client[opSlug(get!)](id);
    expect(read[get!.resource.idField]).toBe(id);
    expect(tokenCalls).toBe(1); // cached

    const err = await client[opSlug(get!)]("x".repeat(65)).catch((e: Error) => e);
    expect(err).toBeInstanceOf(mod.SandboxApiError);
    expect(err).toMatchObject({ status: 400, body: { error: "VALIDATION_ERROR" } });
  });
});

it("a scenario option sends X-Svc-Scenario", async () => {
  const mod = await load("collect");
  const client = new mod.CollectClient({ consumerKey: app.keys.consumerKey, consumerSecret: app.keys.consumerSecret });
  const e = await client.push({ ...exampleBody(operations[0]!), reference: `C-${randomBase62(8)}` }, { scenario: "invalid_phone" }).catch((x: Error) => x);
  expect(e).toMatchObject({ status: 400, body: { error: "INVALID_PHONE_NUMBER" } });
  expect(e.headers.get("x-svc-scenario")).toBe("invalid_phone");
});
