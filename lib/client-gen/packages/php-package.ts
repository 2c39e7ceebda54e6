// The PHP package (svc/sandbox) and the Composer repository that lists it:
// a zip with composer.json (PSR-4 Svc\Sandbox\ → src/, and src/runtime.php
// always loaded: it holds the error type, BaseClient and verify_callback) and
// one class file per API (php.ts's class part, the same as the single files').
import { PHP_CORE, phpClassPart } from "../php";
import { coreSource } from "../core-source";
import { clientSpec } from "../spec";
import { sha1Hex, zip } from "./archive";
import { packageApis, PACKAGE_SUMMARY, PACKAGE_VERSION, registryUrl } from "./info";

export const COMPOSER_NAME = "svc/sandbox";
export const PHP_NAMESPACE = "Svc\\Sandbox";
export const composerDistName = () => `svc-sandbox-${PACKAGE_VERSION}.zip`;

const head = (comment: string) => `<?php\n// ${comment}\ndeclare(strict_types=1);\n\nnamespace ${PHP_NAMESPACE};\n\n`;

/** What composer.json and the repository's entry share. */
const definition = () => ({
  name: COMPOSER_NAME,
  description: PACKAGE_SUMMARY,
  type: "library",
  require: { php: ">=8.1", "ext-json": "*" },
  suggest: { "psr/http-client-implementation": "any PSR-18 client (with PSR-17 factories) instead of PHP's HTTP streams" },
  autoload: { "psr-4": { [`${PHP_NAMESPACE}\\`]: "src/" }, files: ["src/runtime.php"] },
});

export function composerDist(): Buffer {
  return zip([
    { path: "composer.json", data: `${JSON.stringify({ ...definition(), version: PACKAGE_VERSION }, null, 2)}\n` },
    { path: "src/runtime.php", data: `${head("The part every API's client shares (lib/client-gen/core/core.php in the portal's repository).")}${coreSource(PHP_CORE)}\n` },
    ...packageApis().map((a) => ({
      path: `src/${clientSpec(a).className}.php`,
      data: `${head(`${a.name} API ${a.version} of the Svc Sandbox, generated from its schemas. Do not edit.`)}${phpClassPart(a)}`,
    })),
  ]);
}

/** packages.json: the one package, its dist at this portal with the zip's sha1. */
export const composerRepository = (dist: Buffer) => ({
  packages: {
    [COMPOSER_NAME]: {
      [PACKAGE_VERSION]: { ...definition(), version: PACKAGE_VERSION, dist: { type: "zip", url: `${registryUrl("composer")}/dist/${composerDistName()}`, shasum: sha1Hex(dist) } },
    },
  },
});
