// The compile steps of the packages (tsc for the npm package's JavaScript and
// declarations, javac for the jar's classes), run once per distinct input and
// kept on disk under CLIENT_PACKAGES_DIR (<DATA_DIR>/client-packages/ unless set; lib/config.ts): the
// server runs them when it starts (registry.ts `buildRegistries`), a request
// reads the kept output, a restart reuses it, and a change of the sources (the
// catalog, a core file) makes a new one. The portal's address is not an
// input: the sources are compiled with ADDRESS in its place and each server
// writes its own into the output (text as it is, class files' string
// constants: class-file.ts), so servers on other ports share one build.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { config } from "@/lib/runtime";
import { ApiError } from "@/lib/errors";
import type { Entry } from "./archive";
import { replaceInClass } from "./class-file";
import { log } from "@/lib/log";

const run = promisify(execFile);
const cacheRoot = () => config.clientPackagesDir;
const DONE = ".complete";

function readTree(dir: string, prefix = ""): Entry[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((d) => (d.isDirectory() ? readTree(path.join(dir, d.name), `${prefix}${d.name}/`) : [{ path: `${prefix}${d.name}`, data: fs.readFileSync(path.join(dir, d.name)) }]));
}

const KEEP = 8;
/** How long a tool may run (then it is stopped and the build fails). */
const TOOL_MS = 300_000;
/** A work folder (`<build>.<pid>.<ms since the epoch>`) older than this was left by a process stopped mid-build. */
const ABANDONED_MS = 2 * TOOL_MS;

/**
 * The cache keeps the newest KEEP finished builds per kind (other sources: several instances, of other versions, may share it);
 * older ones go, and so do the kind's work folders a stopped process left (a build still running is younger than ABANDONED_MS).
 */
function dropOlder(kind: string) {
  const names = fs.readdirSync(cacheRoot());
  const builds = names
    .filter((name) => new RegExp(`^${kind}-[0-9a-f]{24}$`).test(name))
    .map((name) => ({ dir: path.join(cacheRoot(), name), at: fs.statSync(path.join(cacheRoot(), name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEEP)) fs.rmSync(old.dir, { recursive: true, force: true });
  const work = new RegExp(`^${kind}-[0-9a-f]{24}\\.\\d+\\.(\\d+)$`);
  for (const name of names) {
    const started = Number(work.exec(name)?.[1] ?? Number.NaN);
    if (Date.now() - started > ABANDONED_MS) fs.rmSync(path.join(cacheRoot(), name), { recursive: true, force: true });
  }
}

/** What the sources hold in place of the portal's address (config.publicUrl) while they are compiled: a name no address has (RFC 2606). */
const ADDRESS = "http://portal-address.svc-sandbox.invalid";

const withAddress = (entry: Entry, from: string, to: string): Entry => ({
  path: entry.path,
  data: entry.path.endsWith(".class") ? replaceInClass(Buffer.from(entry.data), from, to) : Buffer.from(Buffer.from(entry.data).toString("utf8").replaceAll(from, to)),
});

/**
 * The files a tool makes from `sources`: written to src/, the tool run in the
 * directory with its output in out/ (`args` gets both paths), out/ read back;
 * compiled with ADDRESS for the portal's address, which the output gets back.
 */
export async function compiled(kind: string, given: Entry[], tool: string, args: (src: string, out: string) => string[]): Promise<Entry[]> {
  const address = config.publicUrl;
  const sources = given.map((e) => withAddress(e, address, ADDRESS));
  const hash = createHash("sha256").update(`${kind}\0${tool}\0${args("src", "out").join("\0")}`);
  for (const s of sources) hash.update(`\0${s.path}\0`).update(s.data);
  const dir = path.join(cacheRoot(), `${kind}-${hash.digest("hex").slice(0, 24)}`);
  if (!fs.existsSync(path.join(dir, DONE))) {
    const work = `${dir}.${process.pid}.${Date.now()}`;
    const src = path.join(work, "src");
    const out = path.join(work, "out");
    for (const s of sources) {
      fs.mkdirSync(path.dirname(path.join(src, s.path)), { recursive: true });
      fs.writeFileSync(path.join(src, s.path), s.data);
    }
    fs.mkdirSync(out, { recursive: true });
    const started = performance.now();
    try {
      await run(tool, args(src, out), { cwd: work, timeout: TOOL_MS });
      log().info(`[clients] ${kind}: compiled by ${path.basename(tool)} in ${Math.round(performance.now() - started)} ms`);
    } catch (e) {
      const x = e as { code?: unknown; stdout?: string; stderr?: string; message: string };
      fs.rmSync(work, { recursive: true, force: true });
      log().error(`[clients] ${kind}: ${tool} failed: ${x.stdout ?? ""}${x.stderr ?? ""}${x.message}`);
      const why = x.code === "ENOENT" ? `this portal's host has no ${path.basename(tool)}` : `${path.basename(tool)} failed on this portal's host (its log says why)`;
      throw new ApiError("SERVICE_UNAVAILABLE", `the ${kind} package cannot be built: ${why}; the single-file clients under /clients/ need no build`);
    }
    fs.writeFileSync(path.join(work, DONE), "");
    try {
      fs.renameSync(work, dir); // a build's folder only ever appears whole
      dropOlder(kind);
    } catch (e) {
      if (!["EEXIST", "ENOTEMPTY"].includes((e as { code?: string }).code ?? "")) throw e;
      fs.rmSync(work, { recursive: true, force: true }); // another instance or process finished the same build first
    }
  }
  return readTree(path.join(dir, "out")).map((e) => withAddress(e, ADDRESS, address));
}
