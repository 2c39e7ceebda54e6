// Every console JSON route, read from the route files themselves
// (app/api/console/**/route.ts and the methods each exports): tests that must
// cover each route (the role matrix, email verification) list them here, so a
// route added later is covered without being named.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "app", "api", "console");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every console route: its path under /api/console and the methods its file exports. */
export function consoleRoutes(dir = ROOT): { route: string; methods: string[] }[] {
  const out: { route: string; methods: string[] }[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...consoleRoutes(p));
    else if (e.name === "route.ts") {
      const src = fs.readFileSync(p, "utf8");
      const methods = METHODS.filter((m) => new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b|export\\s*\\{[^}]*\\b${m}\\b`).test(src));
      out.push({ route: `/${path.relative(ROOT, dir).split(path.sep).join("/")}`, methods });
    }
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}
