// The files Next serves as they are from public/ (the docs' samples): GET and
// HEAD only. Next answers another method on them with a bare 500, so
// server/route.ts answers it 405 first. Listed once, when the server starts.
import fs from "node:fs";
import path from "node:path";

const PUBLIC = path.resolve(import.meta.dirname, "..", "public");

function list(dir: string, prefix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? list(path.join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`]));
}

const files = new Set(list(PUBLIC, "/"));

/** Whether the (decoded) path names a file of public/. */
export const isPublicFile = (pathname: string) => files.has(pathname);

/** The methods a public file answers. */
export const PUBLIC_FILE_METHODS = "GET, HEAD";
