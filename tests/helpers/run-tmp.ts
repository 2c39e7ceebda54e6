// A test run's temporary files in one folder of the run's own, removed when the run ends: every
// suite's first global set-up (vitest's three configs, Playwright's). The folder is TMPDIR for the
// rest of the run, so what the tests make with os.tmpdir() (mkdtemp: receivers' files, client
// packages, haproxy's and prometheus's configs, rehearsal folders) and what the processes they start
// write there (servers, toolchains, Prism) is inside it, and goes with it. Before, each run left
// about a hundred folders in /tmp, tens of MB. Not inside it: the browser suite's own portal, which
// Playwright starts before its global set-up (it writes no temporary files), and tsx's cache of
// compiled files, which each run now fills afresh.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-test-run-"));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir; // read by os.tmpdir() here and inherited by the workers and every process started after
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (e) {
      console.warn(`could not remove the run's temporary folder ${dir}: ${(e as Error).message}`);
    }
  };
}

