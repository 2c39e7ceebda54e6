import { serveArtifact } from "@/lib/docs/serve-doc";
import { clientSource } from "./client";
import { javaFileName, javaSource } from "./java";
import { phpSource } from "./php";
import { pythonSource } from "./python";

const text = "text/plain; charset=utf-8";

/** GET /clients/<api>.ts | .py | .php | .java */
export const serveClient = (file: string) =>
  serveArtifact(file, {
    ts: { contentType: text, render: clientSource },
    py: { contentType: text, render: pythonSource },
    php: { contentType: text, render: phpSource },
    java: { contentType: text, render: javaSource, fileName: javaFileName },
  });
