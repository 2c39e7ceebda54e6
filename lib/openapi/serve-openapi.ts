import { stringify } from "yaml";
import { serveArtifact } from "@/lib/docs/serve-doc";
import { openApiDocument } from "./document";
import { devOpenApiDocument } from "./dev-document";

const FORMATS = {
  json: { contentType: "application/json; charset=utf-8", text: (doc: object) => JSON.stringify(doc, null, 2) },
  yaml: { contentType: "application/yaml; charset=utf-8", text: (doc: object) => stringify(doc, { aliasDuplicateObjects: false }) },
};

/** GET /openapi/<api>.json | .yaml, and /openapi/dev.json | .yaml (the developer endpoints). */
export function serveOpenApi(file: string): Response {
  const dev = /^dev\.(json|yaml)$/.exec(file);
  if (dev) {
    const f = FORMATS[dev[1] as keyof typeof FORMATS];
    return new Response(f.text(devOpenApiDocument()), {
      headers: { "content-type": f.contentType, "cache-control": "no-cache", "access-control-allow-origin": "*" },
    });
  }
  return serveArtifact(
    file,
    Object.fromEntries(Object.entries(FORMATS).map(([ext, f]) => [ext, { contentType: f.contentType, render: (api) => f.text(openApiDocument(api)) }])),
  );
}
