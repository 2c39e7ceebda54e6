// The layer rule (ARCHITECTURE.md, "Layers"), checked by `npm run lint`.
//
// lib/ and server/ read bottom-up in tiers. A folder (or a single-file module
// such as lib/config.ts) may import its own files and the folders of lower
// tiers; never a folder of its own tier or of a higher one. Every import
// counts, `import type` and dynamic `import()` included, so a cycle cannot
// hide behind either. Entry points outside lib/ and server/ (app/, components/,
// scripts/, cli/, bench/, tests/, e2e/) may import any tier; lib/ and server/
// never import them.
//
// When a rule fails, move the code to the tier it belongs to; never add an
// exception here.
const TIERS = [
  // base
  ["lib/config", "lib/ids", "lib/crypto", "lib/clock"],
  ["lib/runtime"], // the current portal's runtime: its settings, its clock and the parts its modules keep once (lib/runtime.ts)
  ["lib/log"], // the process's one logger, a part of the runtime: below everything that logs (lib/log.ts)
  ["lib/net"],
  ["lib/errors"],
  ["lib/validation", "lib/http", "lib/db", "lib/mail", "lib/auth-secret"],
  ["lib/ops"], // liveness, readiness and metrics (lib/ops/health.ts, metrics.ts)
  ["lib/rows"], // the shared row statements (what many tiers lock, count or delete by row): throttles, row locks, a sandbox's insert, an app's tables
  ["lib/throttle"],
  // data, then pure rules
  ["lib/catalog"],
  ["lib/engine"],
  ["lib/float"], // an app's float: its statements and balances
  // domain, bottom-up
  ["lib/services"], // accounts: users, apps, key pairs, subscriptions, the calling app
  ["lib/inspector"], // the inspector address and its inbox
  ["lib/callbacks"], // durable delivery of callbacks
  ["lib/activity"], // what happened in an app: request log, deliveries, inbox, how they link, usage
  ["lib/devapi"], // the developer API's handlers and services
  // the pipeline
  ["lib/gateway"],
  // entry points
  ["lib/auth"],
  ["lib/docs"],
  ["lib/mcp", "lib/tryit", "lib/openapi", "lib/postman", "lib/client-gen"],
  ["lib/cli"],
  ["server"],
];

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
/** A folder's files, or a single-file module's file. */
const pathOf = (m) => `^${esc(m)}(/|\\.tsx?$)`;

const layerRules = TIERS.flatMap((tier, t) =>
  tier.flatMap((module) => {
    const sameOrHigher = TIERS.slice(t).flat().filter((m) => m !== module);
    if (sameOrHigher.length === 0) return [];
    return {
      name: `layer:${module}`,
      comment: `${module} may import only its own files and lower tiers (.dependency-cruiser.cjs TIERS)`,
      severity: "error",
      from: { path: pathOf(module) },
      to: { path: sameOrHigher.map(pathOf) },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {

  forbidden: [
    ...layerRules,
    {
      name: "no-circular",
      comment: "no import cycle between files, dynamic imports and type imports included",
      severity: "error",
      from: { path: "^(lib|server)/" },
      to: { circular: true },
    },
    {
      name: "lib-not-to-entry-points",
      comment: "lib/ and server/ never import the app, the components, scripts, tests or the benchmark",
      severity: "error",
      from: { path: "^(lib|server)/" },
      to: { path: "^(app|components|scripts|cli|bench|tests|e2e)/" },
    },
    {
      name: "unplaced-module",
      comment: "every module of lib/ belongs to a tier: add a new folder to TIERS",
      severity: "error",
      from: { path: "^lib/", pathNot: ["^lib/generated/", ...TIERS.flat().map(pathOf)] },
      to: {},
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: { path: "^(lib|server)/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(lib/generated|node_modules)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    // TypeScript 7 has no JavaScript API to parse with: swc, named here, sees
    // `import type`, `import { type … }` and `export type … from` alike (the default
    // fallback missed the last). It skips a type written `import("…").T` inside a type
    // alias, so Biome refuses that form in lib/ and server/ (lint/no-local-import-type.grit).
    parser: "swc",
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"], exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], mainFields: ["module", "main", "types"] },
  },
};
