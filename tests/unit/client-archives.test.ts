// The packages' archive writers (lib/client-gen/packages/archive.ts) read back
// by other tools: Python's zipfile (CRCs checked), tar; the same files give
// the same bytes. (The packages themselves are installed by pip, npm, PHP and
// javac/java in tests/integration/client-packages.test.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { tgz, zip } from "@/lib/client-gen/packages/archive";

const entries = [
  { path: "a/one.txt", data: "first file\n" },
  { path: "b/ünïcode.bin", data: Buffer.from([0, 1, 2, 255, 254]) },
  { path: "empty", data: "" },
  { path: "big.txt", data: "x".repeat(100_000) },
];

it("writes a zip that Python's zipfile reads back with every CRC right", () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "zip-")), "t.zip");
  fs.writeFileSync(file, zip(entries));
  const script = "import sys, zipfile, json; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({n: list(z.read(n)) for n in z.namelist()}))";
  const r = spawnSync("python3", ["-c", script, file], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  const got = JSON.parse(r.stdout) as Record<string, number[]>;
  expect(Object.keys(got)).toEqual(entries.map((e) => e.path));
  for (const e of entries) expect(Buffer.from(got[e.path]!)).toEqual(Buffer.from(e.data));
});

it("writes a tar.gz that tar lists and extracts, with fixed times", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tgz-"));
  fs.writeFileSync(path.join(dir, "t.tgz"), tgz(entries));
  const list = spawnSync("tar", ["tzvf", "t.tgz"], { cwd: dir, encoding: "utf8" });
  expect(list.status).toBe(0);
  expect(list.stdout).toContain("2000-01-01");
  expect(spawnSync("tar", ["xzf", "t.tgz"], { cwd: dir }).status).toBe(0);
  for (const e of entries) expect(fs.readFileSync(path.join(dir, e.path))).toEqual(Buffer.from(e.data));
});

it("gives the same bytes for the same files", () => {
  expect(zip(entries).equals(zip(entries))).toBe(true);
  expect(tgz(entries).equals(tgz(entries))).toBe(true);
  expect(zip(entries).equals(zip([...entries].reverse()))).toBe(false);
});
