// The client packages' names and version (README "Client packages": project
// svc-sandbox, import svc_sandbox, npm svc-sandbox, Composer svc/sandbox,
// Maven svc.sandbox:svc-sandbox), and what every language's package holds:
// every API of the catalog. The portal's address is written into each
// package as its default base URL, so the packages are made per running
// portal (once, then kept: lib/client-gen/packages/registry.ts).
import { apis, type Api } from "@/lib/catalog";
import { origin } from "@/lib/docs/urls";

export const PACKAGE_NAME = "svc-sandbox";
export const PACKAGE_VERSION = "1.0.0";
export const PACKAGE_SUMMARY = "Typed clients for every API of the Svc Sandbox, with one error type, callback verification, timeouts and the OAuth token handled for you.";

/** A module name of an API: collect, mobile_money… */
export const moduleName = (api: Api) => api.id.replace(/-/g, "_");

export const packageApis = () => apis;

/** Where the portal serves its registries. */
export const registryUrl = (registry: "pypi" | "npm" | "composer" | "maven") => `${origin()}/clients/${registry}`;

/** One install command per language, with this portal's address: the docs' /docs/clients page shows them (README lists them too); `lang`: the use line's language, as a code fence names it. */
export const installCommands = () => [
  { language: "Python", lang: "python", command: `pip install --index-url ${registryUrl("pypi")}/simple/ ${PACKAGE_NAME}`, use: "from svc_sandbox import CollectClient, SandboxApiError" },
  { language: "JavaScript / TypeScript", lang: "ts", command: `npm install ${registryUrl("npm")}/${PACKAGE_NAME}.tgz`, use: 'import { CollectClient, SandboxApiError } from "svc-sandbox";' },
  {
    language: "PHP",
    lang: "php",
    // Composer downloads only over HTTPS unless the project allows plain HTTP (a portal on http://).
    command: `${origin().startsWith("http:") ? "composer config secure-http false && " : ""}composer config repositories.svc-sandbox composer ${registryUrl("composer")} && composer require svc/sandbox:${PACKAGE_VERSION}`,
    use: "use Svc\\Sandbox\\CollectClient; use Svc\\Sandbox\\SandboxApiError;",
  },
  {
    language: "Java (Maven)",
    lang: "java",
    command: `<repository><id>svc-sandbox</id><url>${registryUrl("maven")}/</url></repository>\n<dependency><groupId>svc.sandbox</groupId><artifactId>${PACKAGE_NAME}</artifactId><version>${PACKAGE_VERSION}</version></dependency>`,
    use: "import svc.sandbox.CollectClient; import svc.sandbox.SandboxClient.SandboxApiError;",
  },
];
