// The npm package (svc-sandbox) as the tarball `npm install <url>` takes:
// package/package.json and ESM JavaScript with declarations, compiled once by
// tsc (build-cache.ts) from the same TypeScript the single-file clients are:
// src/runtime.ts (the package's name for core/core.ts with the portal's values), one module
// per API (client.ts's types and class) and index.ts exporting all of them.
import path from "node:path";
import { clientClassPart, clientTypesPart, tsCoreSource } from "../client";
import { tgz, type Entry } from "./archive";
import { compiled } from "./build-cache";
import { moduleName, packageApis, PACKAGE_NAME, PACKAGE_SUMMARY, PACKAGE_VERSION } from "./info";

export const NPM_TARBALL = `${PACKAGE_NAME}.tgz`;

function sources(): Entry[] {
  const list = packageApis();
  return [
    { path: "runtime.ts", data: `// The part every API's client shares (lib/client-gen/core/core.ts in the portal's repository).\n${tsCoreSource()}\n` },
    ...list.map((a) => ({
      path: `${moduleName(a)}.ts`,
      data: [
        `// ${a.name} API ${a.version} of the Svc Sandbox, generated from its schemas. Do not edit.`,
        'import { BaseClient, type ApiResponse, type CallOptions, type ClientOptions } from "./runtime.js";',
        "",
        clientTypesPart(a),
        "",
        clientClassPart(a),
      ].join("\n"),
    })),
    { path: "index.ts", data: [`// ${PACKAGE_SUMMARY}`, 'export * from "./runtime.js";', ...list.map((a) => `export * from "./${moduleName(a)}.js";`), ""].join("\n") },
  ];
}

const TSC_OPTIONS = [
  "--ignoreConfig", "--strict", "--exactOptionalPropertyTypes", "--declaration", "--target", "es2022", "--lib", "es2022,dom",
  "--module", "esnext", "--moduleResolution", "bundler", "--types", "",
];

const manifest = () => ({
  name: PACKAGE_NAME,
  version: PACKAGE_VERSION,
  description: PACKAGE_SUMMARY,
  type: "module",
  main: "./dist/index.js",
  types: "./dist/index.d.ts",
  exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
  files: ["dist"],
  sideEffects: false,
  engines: { node: ">=18" },
});

/** The tarball: package.json and dist/ (the compiled .js and .d.ts), with fixed mtimes. */
export async function npmTarball(): Promise<Buffer> {
  const src = sources();
  const tsc = path.join(process.cwd(), "node_modules", ".bin", "tsc");
  const out = await compiled("npm", src, tsc, (s, o) => [...TSC_OPTIONS, "--outDir", o, ...src.map((f) => path.join(s, f.path))]);
  return tgz([{ path: "package/package.json", data: `${JSON.stringify(manifest(), null, 2)}\n` }, ...out.map((f) => ({ path: `package/dist/${f.path}`, data: f.data }))]);
}
