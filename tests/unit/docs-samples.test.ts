// The docs' samples in other languages: the Python signature check verifies
// the worked example (python3 is on the machine); every Node and Python
// operation sample parses. PHP and Java are checked when their tools exist.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { operations } from "@/lib/catalog";
import { operationSamples, verifySamples } from "@/lib/docs/code-samples";
import { callbackSignatureHeaders } from "@/lib/crypto";
import { signatureExample } from "@/lib/docs/signature";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "samples-"));
const has = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

it("the Python signature check verifies the worked example and refuses a changed body", () => {
  if (!has("python3")) return;
  const ex = signatureExample();
  const py = verifySamples().find((s) => s.lang === "python")!.code;
  const script = `${py}\nimport json, sys\na = json.loads(sys.argv[1])\nprint(verify_signature(a["body"], a["header"], a["secret"], 300, int(a["t"])), verify_signature(a["body"].replace('"amount":100', '"amount":900'), a["header"], a["secret"], 300, int(a["t"])))`;
  const file = path.join(dir, "verify.py");
  fs.writeFileSync(file, script);
  const r = spawnSync("python3", [file, JSON.stringify({ body: ex.rawBody, header: ex.header, secret: ex.secret, t: ex.t })], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  expect(r.stdout.trim()).toBe("True False");
});

it("every operation's Node and Python samples parse, with and without a signed-in reader's app", () => {
  const fill = { appId: "app_0123456789abcdefghijKL", inspectorUrl: "http://127.0.0.1:3000/inspect/app_0123456789abcdefghijKL" };
  const pyFiles: string[] = [];
  for (const op of operations) {
    for (const [i, s] of [...operationSamples(op), ...operationSamples(op, fill)].entries()) {
      expect(s.code).toContain(op.path.split("{")[0]!);
      // Node: statements with top-level await, so parsed as an async function's body.
      if (s.lang === "node") expect(() => new Function(`return (async () => {\n${s.code}\n})`)).not.toThrow();
      if (s.lang === "python") {
        const file = path.join(dir, `${op.id.replace(".", "_")}_${i}.py`);
        fs.writeFileSync(file, s.code);
        pyFiles.push(file);
      }
    }
    if (op.body?.shape.callbackUrl) expect(operationSamples(op, fill)[0]!.code).toContain(fill.inspectorUrl);
  }
  if (!has("python3")) return;
  const r = spawnSync("python3", ["-c", "import sys, py_compile\nfor f in sys.argv[1:]: py_compile.compile(f, doraise=True)", ...pyFiles], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
});

it("during a secret rotation the Python, PHP and Java checks accept either of the header's two v1= values", () => {
  const ex = signatureExample();
  const at = new Date(Number(ex.t) * 1000);
  const other = "whsec_an0therS3cretF0rTheRotationTestOnly";
  const header = callbackSignatureHeaders([other, ex.secret], "dlv_rotation", ex.rawBody, at)["x-svc-signature"];
  expect(header.match(/v1=/g)).toHaveLength(2);
  const args = JSON.stringify({ body: ex.rawBody, header, secrets: [ex.secret, other, "whsec_not_it"], t: ex.t });
  const sample = (lang: string) => verifySamples().find((s) => s.lang === lang)!.code;
  const runs: [string, string, string[]][] = [];
  if (has("python3")) {
    runs.push(["python3", "verify_rot.py", [`${sample("python")}\nimport json, sys\na = json.loads(sys.argv[1])\nprint(" ".join(str(verify_signature(a["body"], a["header"], s, 300, int(a["t"]))) for s in a["secrets"]))`]]);
  }
  if (has("php")) {
    runs.push(["php", "verify_rot.php", [`${sample("php")}\n$a = json_decode($argv[1], true);\necho implode(" ", array_map(fn($s) => verify_signature($a["body"], $a["header"], $s, 300, (int) $a["t"]) ? "True" : "False", $a["secrets"]));`]]);
  }
  for (const [cmd, name, [code]] of runs) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, code!);
    const r = spawnSync(cmd, [file, args], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim(), cmd).toBe("True True False");
  }
});
