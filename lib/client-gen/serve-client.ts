// Everything under /clients/, served by our own server (server/route.ts), not
// Next: Next drops a route's Content-Length, and answers PEP 503's
// trailing-slash addresses 308.
import { serveArtifact } from "@/lib/docs/serve-doc";
import { clientSource } from "./client";
import { javaFileName, javaSource } from "./java";
import { phpSource } from "./php";
import { serveRegistry, type Registry } from "./packages/registry";
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

const REGISTRIES: readonly string[] = ["pypi", "npm", "composer", "maven"] satisfies Registry[];

/**
 * GET /clients/<path>: a single-file client (`<api>.<ext>`) or a package
 * registry's file (`<registry>/<path…>`, an index page with or without the
 * trailing "/" PEP 503 writes). `path` is as requested (percent-encoded).
 */
export async function serveClientsPath(path: string, ifNoneMatch: string | null): Promise<Response> {
  const [first = "", ...rest] = path.split("/").map((s) => decodeURIComponent(s));
  if (rest.length && REGISTRIES.includes(first)) return serveRegistry(first as Registry, rest.at(-1) === "" ? rest.slice(0, -1) : rest, ifNoneMatch);
  return serveClient(decodeURIComponent(path));
}
