import { serveArtifact } from "@/lib/docs/serve";
import { clientSource } from "./client";

/** GET /clients/<api>.ts */
export const serveClient = (file: string) =>
  serveArtifact(file, { ts: { contentType: "text/plain; charset=utf-8", render: clientSource } });
