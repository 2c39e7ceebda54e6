import fs from "node:fs";

/** Sent with every response: lib/http/security-headers.json (our own server sends the same list). */
const SECURITY_HEADERS = Object.entries(
  JSON.parse(fs.readFileSync(new URL("./lib/http/security-headers.json", import.meta.url), "utf8")),
).map(([key, value]) => ({ key, value }));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds (tests, benchmarks) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native and WebAssembly packages are loaded by Node, not bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/schema-engine-wasm", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  // The project's one type check is \`npm run typecheck\` (next typegen writes the route types
  // this build would, tsconfig includes them, then tsc over every file): npm test runs it once,
  // so the build does not check the same project again.
  typescript: { ignoreBuildErrors: true },
  // Every page and route: no framing by other sites, no content-type sniffing.
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};
export default nextConfig;
