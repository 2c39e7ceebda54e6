import { serveArtifact } from "@/lib/docs/serve-doc";
import { postmanCollection } from "./collection";

/** GET /postman/<api>.json */
export const servePostman = (file: string) =>
  serveArtifact(file, {
    json: { contentType: "application/json; charset=utf-8", render: (api) => JSON.stringify(postmanCollection(api), null, 2) },
  });
