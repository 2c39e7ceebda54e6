// The OpenAPI documents are generated from the zod schemas (not hand-written)
// and valid OpenAPI 3.1 according to a third-party validator.
import { Validator } from "@seriousme/openapi-schema-validator";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apis, operations } from "@/lib/catalog";
import { config } from "@/lib/runtime";
import { Ajv2020 } from "ajv/dist/2020.js";
import { exampleBody } from "@/lib/docs/doc-examples";
import { requestSchema } from "@/lib/docs/schema";
import { validateInput } from "@/lib/engine";
import { toolOf } from "@/lib/mcp/tools";
import { openApiDocument, operationId } from "@/lib/openapi/document";
import { serveOpenApi } from "@/lib/openapi/serve-openapi";

const withoutDialect = (s: object) => {
  const { $schema: _d, ...rest } = s as Record<string, unknown>;
  return rest;
};

describe.each(apis)("OpenAPI of $name", (api) => {
  const doc = openApiDocument(api) as any;

  it("is valid OpenAPI 3.1, as JSON and as YAML", async () => {
    for (const text of [await serveOpenApi(`${api.id}.json`).text(), await serveOpenApi(`${api.id}.yaml`).text()]) {
      const spec = text.trimStart().startsWith("{") ? JSON.parse(text) : parse(text);
      expect(spec).toEqual(JSON.parse(JSON.stringify(doc)));
      const v = new Validator();
      const result = await v.validate(spec);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(v.version).toBe("3.1");
    }
  });

  it("has the sandbox server, OAuth2 client credentials and the API's version", () => {
    expect(doc.servers).toEqual([{ url: `${config.publicUrl}/sandbox`, description: "Sandbox" }]);
    expect(doc.components.securitySchemes.clientCredentials.flows.clientCredentials.tokenUrl).toBe(`${config.publicUrl}/sandbox/oauth/v1/token`);
    expect(doc.security).toEqual([{ clientCredentials: [] }]);
    expect(doc.info.version).toBe(api.version);
  });

  it("names its schemas, lists its error codes as an enum, and has license, contact and webhooks", () => {
    const schemas = doc.components.schemas;
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.info.contact.url).toBe(`${config.publicUrl}/docs`);
    expect(schemas.Error.properties.error.$ref).toBe("#/components/schemas/ErrorCode");
    for (const code of ["MISSING_TOKEN", "INVALID_TOKEN", "RATE_LIMITED", "VALIDATION_ERROR", "INVALID_CLIENT"]) expect(schemas.ErrorCode.enum).toContain(code);
    expect(schemas.ErrorCode.enum).not.toContain("METHOD_NOT_ALLOWED"); // portal codes are not the API's
    expect(doc.components.headers["x-request-id"].required).toBe(true);
    const withCallback = operations.filter((o) => o.api === api.id && o.callback);
    expect(Object.keys(doc.webhooks)).toEqual(withCallback.map((o) => `${operationId(o)}Result`));
  });

  it("documents the token endpoint as a path: HTTP Basic, the form body, the token and its errors", () => {
    const t = doc.paths["/oauth/v1/token"].post;
    expect(Object.keys(doc.paths["/oauth/v1/token"])).toEqual(["post"]);
    expect(t.operationId).toBe("getAccessToken");
    expect(t.security).toEqual([{ clientBasic: [] }]);
    expect(doc.components.securitySchemes.clientBasic).toMatchObject({ type: "http", scheme: "basic" });
    expect(t.requestBody.content["application/x-www-form-urlencoded"].schema.properties.grant_type.enum).toEqual(["client_credentials"]);
    expect(t.responses["200"].content["application/json"].schema.required.toSorted()).toEqual(["access_token", "expires_in", "token_type"]);
    expect(Object.keys(t.responses).sort()).toEqual(["200", "400", "401", "429"]);
    expect(t.responses["401"].description).toContain("INVALID_CLIENT");
  });

  for (const op of operations.filter((o) => o.api === api.id)) {
    const o = doc.paths[op.path][op.method.toLowerCase()];
    const P = op.id.replace(/(^|\.)(\w)/g, (_m, _s, c: string) => c.toUpperCase());

    it(`${op.id}: named request, response and callback schemas, generated from the zod schemas`, () => {
      const schemas = doc.components.schemas;
      if (op.body) {
        expect(o.requestBody.content["application/json"].schema).toEqual({ $ref: `#/components/schemas/${P}Request` });
        expect(schemas[`${P}Request`]).toEqual(requestSchema(op));
      } else expect(o.requestBody).toBeUndefined();
      for (const [status, r] of Object.entries(op.responses)) {
        expect(o.responses[status]).toBeDefined();
        if (Number(status) < 300) {
          expect(o.responses[status].content["application/json"].schema).toEqual({ $ref: `#/components/schemas/${P}Response` });
          expect(schemas[`${P}Response`]).toEqual(withoutDialect(z.toJSONSchema(r.schema, { io: "output" })));
        }
      }
      const params = withoutDialect(z.toJSONSchema(op.params, { io: "input" })) as any;
      for (const p of o.parameters.filter((x: any) => x.in === "path")) {
        const { description, ...schema } = params.properties[p.name];
        expect(p.schema).toEqual(schema);
        expect(p.description).toBe(description);
        expect(params.required).toContain(p.name);
      }
      if (op.callback) {
        const post = o.callbacks.result["{$request.body#/callbackUrl}"].post;
        expect(post.requestBody.content["application/json"].schema).toEqual({ $ref: `#/components/schemas/${P}Callback` });
        expect(schemas[`${P}Callback`]).toEqual(withoutDialect(z.toJSONSchema(op.callback.schema, { io: "output" })));
        expect(post.parameters.map((p: any) => p.name)).toEqual(["user-agent", "x-svc-delivery", "x-svc-signature", "webhook-id", "webhook-timestamp", "webhook-signature"]);
        expect(doc.webhooks[`${operationId(op)}Result`].post).toEqual(post);
      } else expect(o.callbacks).toBeUndefined();
    });

    it(`${op.id}: the X-Svc-Scenario header is a string with the scenario keys as examples (other keys are ignored, not refused); answers say which key was ignored`, () => {
      const header = o.parameters.find((x: any) => x.in === "header" && x.name === "X-Svc-Scenario");
      expect(header.schema).toEqual({ type: "string", examples: op.scenarios.map((s) => s.key) });
      expect(Object.keys(header.examples)).toEqual(op.scenarios.map((s) => s.key));
      expect(doc.components.headers["x-svc-scenario-ignored"].schema).toEqual({ type: "string" });
      for (const [status, r] of Object.entries<any>(o.responses)) expect(r.headers["x-svc-scenario-ignored"], status).toEqual({ $ref: "#/components/headers/x-svc-scenario-ignored" });
    });

    it(`${op.id}: one named example per scenario, in the response of its status, each valid against its schema`, () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      ajv.addSchema(doc, "doc");
      for (const s of op.scenarios) {
        const content = o.responses[String(s.status)].content["application/json"];
        expect(content.examples[s.key], `${s.key} in ${s.status}`).toBeDefined();
        const valid = ajv.validate({ $ref: `doc#${content.schema.$ref.slice(1)}` }, content.examples[s.key].value);
        expect(valid, `${s.key}: ${ajv.errorsText()}`).toBe(true);
        if (op.body) {
          const req = o.requestBody.content["application/json"].examples[s.key].value;
          expect(ajv.validate({ $ref: `doc#/components/schemas/${P}Request` }, req), `${s.key} request: ${ajv.errorsText()}`).toBe(true);
        }
      }
    });

    it(`${op.id}: errors by status, with the gateway's checks; a GET lists no body errors`, () => {
      for (const status of ["401", "403", "404", "429"]) expect(o.responses[status].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      expect(o.responses["429"].description).toContain("RATE_LIMITED");
      expect(o.responses["429"].headers["retry-after"]).toBeDefined();
      expect(o.responses["401"].headers["www-authenticate"]).toBeDefined();
      for (const r of Object.values<any>(o.responses)) expect(r.headers["x-request-id"]).toEqual({ $ref: "#/components/headers/x-request-id" });
      const text = JSON.stringify(o.responses);
      for (const code of ["INVALID_BODY", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"]) expect(text.includes(code)).toBe(Boolean(op.body));
      expect(o.responses["413"] !== undefined).toBe(Boolean(op.body));
      expect(o.responses["415"]?.description).toEqual(op.body ? expect.stringContaining("UNSUPPORTED_MEDIA_TYPE") : undefined);
    });
  }
});

describe("edge cases the OpenAPI tells the truth about", () => {
  const payouts = openApiDocument(apis.find((a) => a.id === "payouts")!) as any;
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(payouts, "payouts");
  const valid = (amount: unknown) =>
    ajv.validate({ $ref: "payouts#/components/schemas/PayoutsSendRequest" }, { ...exampleBody(operations.find((o) => o.id === "payouts.send")!), amount });

  it("payout amount 1 (float_low) is valid input, as a number and as digits; 2 to 9 are not; digit strings carry the minimum", () => {
    for (const ok of [1, "1", 10, "10", "0010", 500, "500"]) expect(valid(ok), String(ok)).toBe(true);
    for (const bad of [2, 9, "2", "9", "09", 0, "0", 12.5, -3, "abc", "1".repeat(16)]) expect(valid(bad), String(bad)).toBe(false);
  });

  it("the MCP tool's input schema accepts the magic value too", () => {
    const op = operations.find((o) => o.id === "payouts.send")!;
    const input = toolOf(op).inputSchema;
    const check = new Ajv2020({ strict: false }).compile(input);
    expect(check({ ...exampleBody(op), amount: 1 })).toBe(true);
    expect(check({ ...exampleBody(op), amount: 5 })).toBe(false);
  });

  it("the gateway agrees with the schema on the same values", () => {
    const op = operations.find((o) => o.id === "payouts.send")!;
    const body = exampleBody(op)!;
    for (const amount of [1, "1", 10, "10", "0010", 2, "9", "09", "abc"]) {
      const accepted = (() => {
        try {
          validateInput(op, {}, { ...body, amount });
          return true;
        } catch {
          return false;
        }
      })();
      expect(accepted, String(amount)).toBe(valid(amount));
    }
  });
});

it("unknown artifacts answer 404 with the error body", async () => {
  const r = serveOpenApi("nope.json");
  expect(r.status).toBe(404);
  expect(await r.json()).toMatchObject({ error: "NOT_FOUND" });
  expect(serveOpenApi("collect.xml").status).toBe(404);
});

describe("OpenAPI of the developer endpoints", () => {
  it("is valid OpenAPI 3.1, as JSON and as YAML, with every developer endpoint", async () => {
    const { devEndpoints } = await import("@/lib/catalog/dev-endpoints");
    for (const text of [await serveOpenApi("dev.json").text(), await serveOpenApi("dev.yaml").text()]) {
      const spec = text.trimStart().startsWith("{") ? JSON.parse(text) : parse(text);
      const v = new Validator();
      const result = await v.validate(spec);
      expect(result.errors ?? []).toEqual([]);
      expect(v.version).toBe("3.1");
      for (const e of devEndpoints) expect(spec.paths[e.path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
      expect(spec.paths["/dev/v1/settings"].get.responses["401"].description).toContain("MISSING_TOKEN");
      // The same licence as every API's document.
      expect(spec.info.license).toEqual(openApiDocument(apis[0]!).info.license);
    }
  });

  it("each operation lists the errors its handler gives, each with its own words and an example, x-request-id on every answer, camelCase operationIds", async () => {
    const { devEndpoints } = await import("@/lib/catalog/dev-endpoints");
    const spec = JSON.parse(await serveOpenApi("dev.json").text());
    const lists = new Set<string>();
    for (const e of devEndpoints) {
      const o = spec.paths[e.path][e.method.toLowerCase()];
      expect(o.operationId, e.id).toMatch(/^dev[A-Z][A-Za-z]*$/);
      for (const [status, r] of Object.entries<any>(o.responses)) {
        expect(r.headers["x-request-id"], `${e.id} ${status}`).toEqual({ $ref: "#/components/headers/x-request-id" });
        if (Number(status) < 400) continue;
        const codes = Object.keys(r.content["application/json"].examples);
        for (const code of codes) {
          expect(r.description).toContain(`- \`${code}\`: `);
          expect(r.description, `${e.id} ${code}`).not.toMatch(new RegExp(`\`${code}\`: ${code}$`, "m"));
          expect(r.content["application/json"].examples[code].value).toMatchObject({ error: code, requestId: expect.stringMatching(/^req_/) });
        }
        expect(codes).not.toContain("NO_SUCH_OPERATION"); // the path and method are this endpoint's
      }
      for (const code of Object.keys(e.errors)) expect(JSON.stringify(o.responses), `${e.id} ${code}`).toContain(`"${code}"`);
      lists.add(Object.keys(o.responses).join());
    }
    expect(lists.size).toBeGreaterThan(5); // not one copied list
    const settings = spec.paths["/dev/v1/settings"].get.responses;
    // 400: X-Svc-Fault is refused on every developer endpoint, one without input too
    expect(Object.keys(settings)).toEqual(["200", "400", "401", "403"]);
    expect(settings["400"].description).toContain("X-Svc-Fault");
    // an empty body is read as {}: required only where {} breaks the schema
    expect(spec.paths["/dev/v1/reset"].post.requestBody.required).toBe(false);
    expect(spec.paths["/dev/v1/sandboxes"].post.requestBody.required).toBe(true);
    const resolve = spec.paths["/dev/v1/resources/{id}/resolve"].post.responses;
    expect(resolve["409"].description).toContain("not held");
    expect(spec.paths["/dev/v1/inbox/relays"].post.responses["201"].content["application/json"].schema.$ref).toBe("#/components/schemas/DevListenRelayResponse");
    expect(spec.paths["/dev/v1/test-numbers"].get.operationId).toBe("devTestNumbersList");
  });

  it("throwaway sandboxes: 201 with examples of the request and the answer, the codes they answer, 204 without a body", async () => {
    const spec = JSON.parse(await serveOpenApi("dev.json").text());
    const create = spec.paths["/dev/v1/sandboxes"].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "429"]));
    expect(create.responses["200"]).toBeUndefined();
    expect(create.requestBody.content["application/json"].example).toEqual({ ttlSeconds: 900, name: "ci-run-4812" });
    const created = create.responses["201"].content["application/json"];
    expect(Object.keys(created.example)).toEqual(["appId", "name", "consumerKey", "consumerSecret", "signingSecret", "inspectorUrl", "expiresAt"]);
    expect(spec.components.schemas[created.schema.$ref.split("/").at(-1)].required).toEqual(expect.arrayContaining(["appId", "consumerSecret", "expiresAt"]));
    expect(create.responses["403"].description).toContain("SANDBOX_NOT_ALLOWED");
    expect(create.responses["429"].description).toContain("SANDBOX_LIMIT_REACHED");
    expect(create.responses["429"].description).toContain("RATE_LIMITED");
    expect(create.responses["404"]).toBeUndefined(); // the endpoint names its own codes: no NOT_FOUND, and no NO_SUCH_OPERATION (the path is its own)
    const schema = spec.components.schemas.DevSandboxesCreateRequest;
    expect(schema.properties.ttlSeconds).toMatchObject({ type: "integer", minimum: 10, maximum: 86400 });
    expect(spec.paths["/dev/v1/sandboxes"].get.responses["200"].content["application/json"].example.sandboxes).toHaveLength(1);
    const del = spec.paths["/dev/v1/sandboxes/{appId}"].delete;
    expect(del.responses["204"]).toEqual({ description: "End a throwaway sandbox now: no body.", headers: { "x-request-id": { $ref: "#/components/headers/x-request-id" } } });
    expect(del.responses["404"].description).toContain("NOT_FOUND");
    expect(del.parameters).toEqual([expect.objectContaining({ name: "appId", in: "path", required: true })]);
    expect(spec.components.schemas.DevSandboxesDeleteResponse).toBeUndefined();
  });
});
