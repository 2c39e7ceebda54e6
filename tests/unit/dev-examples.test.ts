// The developer endpoints' examples (lib/catalog/devapi `examples`, shown by
// /docs/dev and OpenAPI /openapi/dev.json) follow the endpoints' own schemas,
// so they cannot drift from what the endpoints answer.
import { describe, expect, it } from "vitest";
import { devEndpoints } from "@/lib/catalog/devapi";
import { devOpenApiDocument } from "@/lib/openapi/dev-document";

const withExamples = devEndpoints.filter((e) => e.examples);

describe("developer endpoint examples", () => {
  it("exist for the held-resource endpoints", () => {
    expect(withExamples.map((e) => e.id)).toEqual(expect.arrayContaining(["dev.resources.resolve", "dev.resources.timeline"]));
  });

  it.each(withExamples.map((e) => [e.id, e] as const))("%s: request and answer follow the schemas", (_id, e) => {
    if (e.examples!.request) {
      const schema = e.body ?? e.query!;
      expect(schema.safeParse(e.examples!.request).error?.issues ?? []).toEqual([]);
    }
    if (e.examples!.response !== undefined) expect(e.response.safeParse(e.examples!.response).error?.issues ?? []).toEqual([]);
  });

  it("are in the OpenAPI document as named examples", () => {
    const doc = devOpenApiDocument() as { paths: Record<string, Record<string, any>> };
    const resolve = doc.paths["/dev/v1/resources/{id}/resolve"]!.post;
    expect(resolve.requestBody.content["application/json"].examples.example.value).toEqual({ scenario: "cancelled" });
    expect(resolve.responses["200"].content["application/json"].examples.example.value.scenarioKey).toBe("cancelled");
    const timeline = doc.paths["/dev/v1/resources/{id}/timeline"]!.get;
    expect(timeline.responses["200"].content["application/json"].examples.example.value.events[0].type).toBe("request");
  });
});
