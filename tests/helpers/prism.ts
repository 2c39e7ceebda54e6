// Stoplight Prism (the npm package, offline) on a downloaded OpenAPI document:
// `proxy` validates every request and response against it on the way to the
// real server and reports mismatches in the sl-violations header; `mock`
// answers from the document's examples.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

const root = path.resolve(import.meta.dirname, "..", "..");

export type Prism = { url: string; stop(): Promise<void> };

/** `errors`: Prism's --errors, under which a mismatch in a request or a response is Prism's own error answer (422, 500) instead of a header. */
export async function startPrism(mode: "proxy" | "mock", documentUrl: string, upstream?: string, { errors = false } = {}): Promise<Prism> {
  const doc = await fetch(documentUrl);
  if (doc.status !== 200) throw new Error(`${documentUrl}: ${doc.status}`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "prism-")), path.basename(new URL(documentUrl).pathname));
  fs.writeFileSync(file, await doc.text());
  const port = await freePort();
  const args = [mode, file, ...(upstream ? [upstream] : []), "-p", String(port), "-h", "127.0.0.1", ...(errors ? ["--errors"] : [])];
  const proc = spawn(path.join(root, "node_modules", ".bin", "prism"), args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start in 60 s:\n${output}`)), 60_000);
    const onData = (c: Buffer) => {
      output += c;
      if (output.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", (code) => reject(new Error(`prism exited (${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      process.kill(-proc.pid!, "SIGTERM");
      await exited;
    },
  };
}

/**
 * The mismatches Prism found, from its sl-violations header. Past its header
 * size Prism sends "Too many violations! " and a cut JSON list: then one
 * violation that says so (with the start of the list), never a parse error.
 */
export function violations(headers: Headers): { location: string[]; severity: string; message: string }[] {
  const raw = headers.get("sl-violations");
  if (!raw) return [];
  if (raw.startsWith("Too many violations!")) return [{ location: ["response"], severity: "Error", message: raw.slice(0, 600) }];
  return JSON.parse(raw);
}
