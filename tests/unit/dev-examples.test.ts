// The developer endpoints' examples (docs, OpenAPI) follow their own schemas,
// and the OpenAPI document carries them.
import { describe, expect, it } from "vitest";
import { devEndpoints } from "@/lib/catalog/dev-endpoints";
import { devOpenApiDocument } from "@/lib/openapi/dev-document";

describe("developer endpoint examples", () => {
  const withExamples = devEndpoints.filter((e) => e.example);
  it("exist for the go-live endpoints", () => {
    expect(withExamples.map((e) => e.id)).toEqual(expect.arrayContaining(["dev.receiver_checks.run", "dev.signatures.explain", "dev.resources.resolve", "dev.resources.timeline"]));
  });

  it.each(withExamples.map((e) => [e.id, e] as const))("%s: input and answer follow the schemas, and OpenAPI shows them", (_id, e) => {
    const input = e.method === "GET" ? e.query : e.body;
    if (e.example!.input) expect(input!.safeParse(e.example!.input).error).toBeUndefined();
    if (e.example!.response) expect(e.response.safeParse(e.example!.response).error).toBeUndefined();
    const op = (devOpenApiDocument().paths[e.path] as Record<string, any>)[e.method.toLowerCase()];
    const ok = op.responses[String(e.status ?? 200)];
    if (e.example!.response) expect(ok.content["application/json"].example).toEqual(e.example!.response);
    if (e.example!.input && e.method !== "GET") expect(op.requestBody.content["application/json"].example).toEqual(e.example!.input);
  });
});
