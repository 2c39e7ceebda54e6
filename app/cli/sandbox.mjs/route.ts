// The integrators' command line (cli/sandbox.mjs: one file, no dependencies,
// Node 18+), served as it is in the repository. Docs: /docs/listen.
import fs from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-dynamic";

export async function GET() {
  const source = await fs.readFile(path.join(process.cwd(), "cli", "sandbox.mjs"), "utf8");
  return new Response(source, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "no-cache",
      "content-disposition": 'inline; filename="sandbox.mjs"',
    },
  });
}
