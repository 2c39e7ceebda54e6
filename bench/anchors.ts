// The anchors the portal is measured against, each its own process group on a
// free port (README "Performance"):
// - Prism 5 on the fixed Collect document (BENCH_ANCHORS_DIR): does not move with our output;
// - WireMock on the fixed root dir beside it (templated answers, a webhook to the body's callbackUrl);
// - Prism on the Collect document the portal publishes now (moves with our output, shown for that reason);
// - a bare node:http server answering our JSON (bench/bare-server.mjs): the ceiling of one Node process.
// Nothing of ours is written into the anchors' folder: WireMock runs on a copy
// of its root dir (it may create folders in it).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/helpers/server";
import { type Server, spawnGroup } from "./servers";
import { anchorsMissing, root, settings } from "./settings";

export type Contender = {
  key: string;
  label: string;
  server: Server;
  /** Path prefix of the Collect operations. */
  prefix: string;
  /** Posts a callback per push (we, WireMock, and Prism on our document, which declares callbacks): a run lasts until they arrived. */
  callsBack: boolean;
  /** Needs load before it is measured (a JIT: Prism, WireMock). */
  warm: boolean;
};

type Answer = { status: number; body: string };

const prismVersion = () => {
  const pkg = path.join(root, "node_modules", "@stoplight", "prism-cli", "package.json");
  return fs.existsSync(pkg) ? (JSON.parse(fs.readFileSync(pkg, "utf8")) as { version: string }).version : "?";
};

async function startPrism(label: string, file: string): Promise<Server> {
  const origin = `http://127.0.0.1:${await freePort()}`;
  const prism = path.join(root, "node_modules", ".bin", "prism");
  return spawnGroup(label, origin, prism, ["mock", "-v", "error", "-h", "127.0.0.1", "-p", new URL(origin).port, file], {}, `${origin}/collect/v1/push/chk_x`);
}

function javaMissing(): string | undefined {
  const r = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) return "WireMock skipped: no java (install a JRE, e.g. openjdk-17-jre-headless)";
  if (!fs.existsSync(settings.wiremockJar)) return `WireMock skipped: no jar at ${settings.wiremockJar} (npm install, or set BENCH_WIREMOCK_JAR)`;
  return undefined;
}

async function startWiremock(): Promise<Server> {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-wiremock-"));
  fs.cpSync(path.join(settings.anchorsDir, "wiremock"), rootDir, { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = ["-jar", settings.wiremockJar, "--port", String(port), "--bind-address", "127.0.0.1", "--root-dir", rootDir,
    "--disable-request-logging", "--max-request-journal-entries", "10000", "--disable-banner"];
  const server = await spawnGroup(`WireMock ${settings.wiremockVersion}`, origin, "java", args, {}, `${origin}/__admin/health`);
  return { ...server, stop: async () => { await server.stop(); fs.rmSync(rootDir, { recursive: true, force: true }); } };
}

/** The bare node:http anchor; with `delays` (ms), each answer after sleeping the scripted delay of its call. */
export async function startBare(push: Answer, status: Answer, delays = { push: 0, status: 0 }): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = [path.join(root, "bench", "bare-server.mjs"), String(port), String(push.status), push.body, String(status.status), status.body, String(delays.push), String(delays.status)];
  return spawnGroup("bare node:http", origin, process.execPath, args, {}, `${origin}/collect/v1/push/chk_x`);
}

/**
 * Every anchor that can run here; each one that cannot (or fails to start) is
 * named in `notes` and left out. `liveDoc` is the Collect OpenAPI document the
 * portal publishes now; `ours` its answers to one push and one status call.
 */
export async function startAnchors(liveDoc: string, ours: { push: Answer; status: Answer }, notes: string[]): Promise<Contender[]> {
  const out: Contender[] = [];
  const tryStart = async (what: string, start: () => Promise<Contender>) => {
    try {
      out.push(await start());
    } catch (e) {
      notes.push(`${what} skipped: it did not start (${(e as Error).message.split("\n")[0]})`);
    }
  };
  const missing = anchorsMissing();
  const prismMissing = fs.existsSync(path.join(root, "node_modules", ".bin", "prism")) ? undefined : "Prism skipped: node_modules/.bin/prism is missing (npm install)";
  for (const why of [missing, prismMissing]) if (why) notes.push(why);
  if (!missing && !prismMissing) {
    const file = path.join(settings.anchorsDir, "prism-collect-fixed.yaml");
    await tryStart("Prism (fixed document)", async () => ({ key: "prism-fixed", label: `Prism ${prismVersion()}, fixed document`, server: await startPrism("Prism fixed", file), prefix: "", callsBack: false, warm: true }));
  }
  if (!missing) {
    const noJava = javaMissing();
    if (noJava) notes.push(noJava);
    else await tryStart("WireMock", async () => ({ key: "wiremock", label: `WireMock ${settings.wiremockVersion}, fixed root dir`, server: await startWiremock(), prefix: "", callsBack: true, warm: true }));
  }
  if (!prismMissing) {
    const file = path.join(os.tmpdir(), `bench-collect-live-${process.pid}.json`);
    fs.writeFileSync(file, liveDoc);
    await tryStart("Prism (live document)", async () => {
      const server = await startPrism("Prism live", file).catch((e) => {
        fs.rmSync(file, { force: true });
        throw e;
      });
      const stop = async () => { await server.stop(); fs.rmSync(file, { force: true }); };
      return { key: "prism-live", label: `Prism ${prismVersion()}, our document now`, server: { ...server, stop }, prefix: "", callsBack: true, warm: true };
    });
  }
  await tryStart("bare node:http", async () => ({ key: "bare", label: "bare node:http, same JSON", server: await startBare(ours.push, ours.status), prefix: "", callsBack: false, warm: false }));
  return out;
}
