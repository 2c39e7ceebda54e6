// Summarizes a V8 .cpuprofile (node --cpu-prof): top self-time functions and
// self time per area (package or project folder).
//   tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
import fs from "node:fs";
import path from "node:path";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** node_modules/<pkg> (scoped too), a project folder under .next*, or node internals. */
export function areaOf(url: string): string {
  if (!url) return "(native / vm)";
  if (url.startsWith("node:")) return "node internals";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    // Next's compiled copies of other packages: name the inner one.
    const compiled = rest.indexOf("compiled");
    return pkg === "next" && compiled >= 0 && rest[compiled + 1] ? `next (compiled ${rest[compiled + 1]})` : pkg;
  }
  if (/\/\.next[^/]*\/server\//.test(url)) return "app bundle (.next/server: lib/*, routes)";
  return path.relative(process.cwd(), url.replace(/^file:\/\//, "")) || url;
}

export function summarize(file: string, top = 25): string {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    const where = f.url ? `${areaOf(f.url)} ${path.basename(f.url)}:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"} ${where}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + us);
    areas.set(areaOf(f.url), (areas.get(areaOf(f.url)) ?? 0) + us);
  }
  const idle = fns.get("(idle)") ?? 0;
  fns.delete("(idle)");
  areas.set("(native / vm)", (areas.get("(native / vm)") ?? 0) - idle);
  const busy = total - idle;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `| ${pct(us)} | ${(us / 1000).toFixed(0)} | ${k.replaceAll("|", "\\|")} |`);
  return [
    `Profile ${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages are of busy time)`,
    "",
    "| % of busy | self ms | area |",
    "|---:|---:|---|",
    ...rows(areas, 15),
    "",
    "| % of busy | self ms | function |",
    "|---:|---:|---|",
    ...rows(fns, top),
  ].join("\n");
}

if (process.argv[1]?.endsWith("profile-summary.ts")) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]");
    process.exit(2);
  }
  console.log(summarize(file, Number(top ?? 25)));
}
