// The portal's package registries under /clients/<registry>/…: a PEP 503
// simple index (pypi), the npm tarball (npm), a Composer repository
// (composer) and a Maven repository (maven), each holding the one package of
// its language. Every archive is made once per portal (a part of its runtime:
// the packages hold its address, so two portals in one process build their
// own), when it starts (`buildRegistries`, before it listens: a request never compiles;
// the compile steps also kept on disk: build-cache.ts) and served with its
// sha256 as ETag and its Content-Length. A build that failed is not tried
// again before the Retry-After its 503 answers says.
import { ApiError, errorBody } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { sha256 } from "./archive";
import { composerDist, composerDistName, composerRepository } from "./php-package";
import { mavenFiles } from "./maven-package";
import { NPM_TARBALL, npmTarball } from "./npm-package";
import { simpleProject, simpleRoot, wheel, wheelName } from "./python-package";
import { PACKAGE_NAME } from "./info";
import { log } from "@/lib/log";
import { part, runtime } from "@/lib/runtime";

export type Registry = "pypi" | "npm" | "composer" | "maven";
type Body = { data: Buffer | string; contentType: string };
/** One registry's files by path (segments joined with "/"; an index page without its trailing "/", which serve-client.ts drops). */
type Files = () => Promise<Record<string, Body>>;

/** How long a failed build is remembered (its answers' Retry-After counts down to the next try). */
const BUILD_RETRY_S = 60;

/** A build failed at `at`: every request until BUILD_RETRY_S later answers this error, with the seconds left. */
class FailedBuild {
  constructor(readonly error: ApiError, readonly at: number) {}
  retryAfter = (now: number) => Math.max(1, Math.ceil(BUILD_RETRY_S - (now - this.at) / 1000));
}

/** The build, made once; a failure is kept for BUILD_RETRY_S seconds (not rebuilt on every request), then tried again. */
const once = <T>(make: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  let failed: FailedBuild | undefined;
  return () => {
    if (failed && Date.now() - failed.at < BUILD_RETRY_S * 1000) return Promise.reject(failed);
    failed = undefined;
    p ??= make().catch((e) => {
      p = undefined;
      if (e instanceof ApiError) failed = new FailedBuild(e, Date.now());
      throw failed ?? e;
    });
    return p;
  };
};

const html = "text/html; charset=utf-8";

const makeRegistries = (): Record<Registry, Files> => ({
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
});

const REGISTRIES = part<Record<Registry, Files>>("client-registries");
/** The current portal's registries, made on first use. */
const registries = () => runtime().of(REGISTRIES, makeRegistries);

/**
 * Makes every registry's files now (server/portal.ts, once the port is bound: the
 * packages hold the portal's address), the compiles side by side. A build that
 * fails is logged and kept as a failure (its requests answer 503); the start goes on.
 */
export async function buildRegistries(): Promise<void> {
  await Promise.all(
    Object.values(registries()).map((files) =>
      files().catch((e: unknown) => {
        if (!(e instanceof FailedBuild)) log().error({ err: e }, "[clients] a package registry could not be built");
      }),
    ),
  );
}

function notFound(registry: string, file: string) {
  const e = new ApiError("NOT_FOUND", `the ${registry} registry has no ${file || "index"}; see /docs/clients`);
  return Response.json(errorBody(e.code, e.message, newId("req")), { status: e.status });
}

/** GET /clients/<registry>/<path…> */
export async function serveRegistry(registry: Registry, segments: string[], ifNoneMatch: string | null): Promise<Response> {
  const file = segments.join("/");
  let files: Awaited<ReturnType<Files>>;
  try {
    files = await registries()[registry]();
  } catch (e) {
    if (!(e instanceof FailedBuild)) throw e;
    const retryAfter = String(e.retryAfter(Date.now()));
    return Response.json(errorBody(e.error.code, e.error.message, newId("req")), { status: e.error.status, headers: { "retry-after": retryAfter } });
  }
  const hit = Object.hasOwn(files, file) ? files[file] : undefined;
  if (!hit) return notFound(registry, file);
  const etag = `"${sha256(hit.data).toString("hex").slice(0, 32)}"`;
  const headers = { etag, "cache-control": "no-cache", "access-control-allow-origin": "*", "content-type": hit.contentType };
  if (ifNoneMatch === etag) return new Response(null, { status: 304, headers });
  const bytes = typeof hit.data === "string" ? Buffer.from(hit.data) : hit.data;
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "content-length": String(bytes.length) } });
}
