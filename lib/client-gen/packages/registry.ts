// The portal's package registries under /clients/<registry>/…: a PEP 503
// simple index (pypi), the npm tarball (npm), a Composer repository
// (composer) and a Maven repository (maven), each holding the one package of
// its language. Every archive is made once per process (the compile steps
// also kept on disk: build-cache.ts) and served with its sha256 as ETag.
import { ApiError, errorBody } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { sha256 } from "./archive";
import { composerDist, composerDistName, composerRepository } from "./php-package";
import { mavenFiles } from "./maven-package";
import { NPM_TARBALL, npmTarball } from "./npm-package";
import { simpleProject, simpleRoot, wheel, wheelName } from "./python-package";
import { PACKAGE_NAME } from "./info";

export type Registry = "pypi" | "npm" | "composer" | "maven";
type Body = { data: Buffer | string; contentType: string };
/** One registry's files by path (segments joined with "/"; an index page without its trailing "/", which Next redirects away). */
type Files = () => Promise<Record<string, Body>>;

const once = <T>(make: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => {
    p ??= make().catch((e) => {
      p = undefined; // a failed build is tried again on the next request
      throw e;
    });
    return p;
  };
};

const html = "text/html; charset=utf-8";

const registries: Record<Registry, Files> = {
  pypi: once(async () => {
    const whl = wheel();
    return {
      simple: { data: simpleRoot(), contentType: html },
      [`simple/${PACKAGE_NAME}`]: { data: simpleProject(whl), contentType: html },
      [`files/${wheelName()}`]: { data: whl, contentType: "application/zip" },
    };
  }),
  npm: once(async () => ({ [NPM_TARBALL]: { data: await npmTarball(), contentType: "application/gzip" } })),
  composer: once(async () => {
    const dist = composerDist();
    return {
      "packages.json": { data: `${JSON.stringify(composerRepository(dist), null, 2)}\n`, contentType: "application/json" },
      [`dist/${composerDistName()}`]: { data: dist, contentType: "application/zip" },
    };
  }),
  maven: once(async () => Object.fromEntries((await mavenFiles()).map((f) => [f.path, { data: f.data, contentType: f.contentType }]))),
};

function notFound(registry: string, file: string) {
  const e = new ApiError("NOT_FOUND", `the ${registry} registry has no ${file || "index"}; see /docs/clients`);
  return Response.json(errorBody(e.code, e.message, newId("req")), { status: e.status });
}

/** GET /clients/<registry>/<path…> */
export async function serveRegistry(registry: Registry, segments: string[], ifNoneMatch: string | null): Promise<Response> {
  const file = segments.join("/");
  let files: Awaited<ReturnType<Files>>;
  try {
    files = await registries[registry]();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return Response.json(errorBody(e.code, e.message, newId("req")), { status: e.status, headers: { "retry-after": "60" } });
  }
  const hit = Object.hasOwn(files, file) ? files[file] : undefined;
  if (!hit) return notFound(registry, file);
  const etag = `"${sha256(hit.data).toString("hex").slice(0, 32)}"`;
  const headers = { etag, "cache-control": "no-cache", "access-control-allow-origin": "*", "content-type": hit.contentType };
  if (ifNoneMatch === etag) return new Response(null, { status: 304, headers });
  return new Response(typeof hit.data === "string" ? hit.data : new Uint8Array(hit.data), { headers });
}
