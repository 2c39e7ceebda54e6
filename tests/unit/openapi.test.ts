// The OpenAPI documents are generated from the zod schemas (not hand-written)
// and valid OpenAPI 3.1 according to a third-party validator.
import { Validator } from "@seriousme/openapi-schema-validator";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apis, operations } from "@/lib/catalog";
import { config } from "@/lib/config";
import { openApiDocument } from "@/lib/openapi/document";
import { serveOpenApi } from "@/lib/openapi/serve";

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

  for (const op of operations.filter((o) => o.api === api.id)) {
    const o = doc.paths[op.path][op.method.toLowerCase()];

    it(`${op.id}: request schemas are the zod schemas' JSON Schemas`, () => {
      if (op.body) expect(o.requestBody.content["application/json"].schema).toEqual(withoutDialect(z.toJSONSchema(op.body, { io: "input" })));
      else expect(o.requestBody).toBeUndefined();
      const params = withoutDialect(z.toJSONSchema(op.params, { io: "input" })) as any;
      for (const p of o.parameters.filter((x: any) => x.in === "path")) {
        const { description, ...schema } = params.properties[p.name];
        expect(p.schema).toEqual(schema);
        expect(p.description).toBe(description);
        expect(params.required).toContain(p.name);
      }
    });

    it(`${op.id}: the X-Svc-Scenario header lists the scenario keys`, () => {
      const header = o.parameters.find((x: any) => x.in === "header" && x.name === "X-Svc-Scenario");
      expect(header.schema.enum).toEqual(op.scenarios.map((s) => s.key));
    });

    it(`${op.id}: responses cover the catalog's statuses, the gateway's errors, and the callback`, () => {
      for (const [status, r] of Object.entries(op.responses)) {
        expect(o.responses[status]).toBeDefined();
        if (Number(status) < 300) expect(o.responses[status].content["application/json"].schema).toEqual(withoutDialect(z.toJSONSchema(r.schema, { io: "output" })));
      }
      for (const status of ["401", "403", "404", "429"]) expect(o.responses[status].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      expect(o.responses["429"].description).toContain("RATE_LIMITED");
      if (op.callback) {
        const post = o.callbacks.result["{$request.body#/callbackUrl}"].post;
        expect(post.requestBody.content["application/json"].schema).toEqual(withoutDialect(z.toJSONSchema(op.callback.schema, { io: "output" })));
        expect(post.parameters.map((p: any) => p.name)).toEqual(["user-agent", "x-svc-delivery", "x-svc-signature"]);
      } else expect(o.callbacks).toBeUndefined();
    });
  }
});

it("unknown artifacts answer 404 with the error body", async () => {
  const r = serveOpenApi("nope.json");
  expect(r.status).toBe(404);
  expect(await r.json()).toMatchObject({ error: "NOT_FOUND" });
  expect(serveOpenApi("collect.xml").status).toBe(404);
});
