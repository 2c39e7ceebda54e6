import { stringify } from "yaml";
import { serveArtifact } from "@/lib/docs/serve";
import { openApiDocument } from "./document";

/** GET /openapi/<api>.json | .yaml */
export const serveOpenApi = (file: string) =>
  serveArtifact(file, {
    json: { contentType: "application/json; charset=utf-8", render: (api) => JSON.stringify(openApiDocument(api), null, 2) },
    yaml: { contentType: "application/yaml; charset=utf-8", render: (api) => stringify(openApiDocument(api), { aliasDuplicateObjects: false }) },
  });
