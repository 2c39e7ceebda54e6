// The Python package (project svc-sandbox, import svc_sandbox) as a wheel,
// and the PEP 503 simple index pip installs it from. The modules: _runtime
// (core/core.py, as every single-file client embeds it), one
// per API (the same part python.ts appends to the single file) and
// __init__ exporting the one error type, the verifier and every client.
import { PYTHON_CORE, pythonApiPart } from "../python";
import { coreSource } from "../core-source";
import { clientSpec } from "../spec";
import { zip, sha256, type Entry } from "./archive";
import { moduleName, packageApis, PACKAGE_NAME, PACKAGE_SUMMARY, PACKAGE_VERSION, registryUrl } from "./info";

const IMPORT = "svc_sandbox";
/** The core's public names, exported by the package itself (`from svc_sandbox import AlreadyAccepted`): every error class, the answer type, the verifier. */
const PYTHON_PUBLIC = ["SandboxApiError", "AlreadyAccepted", "ApiResponse", "verify_callback"];
export const wheelName = () => `${IMPORT}-${PACKAGE_VERSION}-py3-none-any.whl`;
const b64url = (d: Buffer) => d.toString("base64url");

function modules(): Entry[] {
  const list = packageApis();
  const api = list.map((a) => ({
    path: `${IMPORT}/${moduleName(a)}.py`,
    data: [
      `"""${a.name} API ${a.version} of the Svc Sandbox, generated from its schemas. Do not edit."""`,
      "from __future__ import annotations",
      "",
      "from typing import Any, Dict, List, Literal, Optional, Union",
      "",
      "from ._runtime import ApiResponse, NotRequired, TypedDict, _BaseClient, _quote",
      "",
      "",
      pythonApiPart(a),
    ].join("\n"),
  }));
  const exported = [...PYTHON_PUBLIC, ...list.map((a) => clientSpec(a).className)];
  const init = [
    `"""${PACKAGE_SUMMARY}`,
    "",
    ...list.map((a) => `    from svc_sandbox import ${clientSpec(a).className}`),
    "",
    "Every client raises SandboxApiError (AlreadyAccepted: a retry found its lost call went through);",
    "verify_callback checks a callback's signature.",
    '"""',
    `from ._runtime import ${PYTHON_PUBLIC.map((n) => `${n} as ${n}`).join(", ")}`,
    ...list.map((a) => `from .${moduleName(a)} import ${clientSpec(a).className} as ${clientSpec(a).className}`),
    "",
    `__version__ = ${JSON.stringify(PACKAGE_VERSION)}`,
    `__all__ = [${exported.map((n) => JSON.stringify(n)).join(", ")}]`,
    "",
  ].join("\n");
  const core = `"""The part every API's client shares (lib/client-gen/core/core.py in the portal's repository)."""\n${coreSource(PYTHON_CORE)}\n`;
  return [{ path: `${IMPORT}/__init__.py`, data: init }, { path: `${IMPORT}/_runtime.py`, data: core }, ...api, { path: `${IMPORT}/py.typed`, data: "" }];
}

/** The wheel: the modules and its dist-info (METADATA, WHEEL, RECORD with every file's sha256 and size). */
export function wheel(): Buffer {
  const info = `${IMPORT}-${PACKAGE_VERSION}.dist-info`;
  const files: Entry[] = [
    ...modules(),
    {
      path: `${info}/METADATA`,
      data: `Metadata-Version: 2.1\nName: ${PACKAGE_NAME}\nVersion: ${PACKAGE_VERSION}\nSummary: ${PACKAGE_SUMMARY}\nRequires-Python: >=3.8\nClassifier: Typing :: Typed\n`,
    },
    { path: `${info}/WHEEL`, data: "Wheel-Version: 1.0\nGenerator: svc-sandbox-portal\nRoot-Is-Purelib: true\nTag: py3-none-any\n" },
  ];
  const record = files.map((f) => {
    const data = typeof f.data === "string" ? Buffer.from(f.data) : f.data;
    return `${f.path},sha256=${b64url(sha256(data))},${data.length}`;
  });
  record.push(`${info}/RECORD,,`);
  return zip([...files, { path: `${info}/RECORD`, data: `${record.join("\n")}\n` }]);
}

const page = (title: string, links: string[]) =>
  `<!DOCTYPE html>\n<html>\n  <head><meta name="pypi:repository-version" content="1.0"><title>${title}</title></head>\n  <body>\n${links.map((l) => `    ${l}`).join("\n")}\n  </body>\n</html>\n`;

/** PEP 503: the root lists the one project. Links are absolute: Next redirects a path's trailing "/" away, which would move relative ones. */
export const simpleRoot = () => page("Simple index", [`<a href="${registryUrl("pypi")}/simple/${PACKAGE_NAME}/">${PACKAGE_NAME}</a>`]);

/** PEP 503: the project's page links its wheel with the hash pip checks. */
export const simpleProject = (wheelBytes: Buffer) =>
  page(`Links for ${PACKAGE_NAME}`, [`<a href="${registryUrl("pypi")}/files/${wheelName()}#sha256=${sha256(wheelBytes).toString("hex")}" data-requires-python="&gt;=3.8">${wheelName()}</a>`]);
