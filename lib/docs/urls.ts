// Addresses the docs and the artifacts print, all from config.publicUrl.
import { apis, operations, type Api, type Operation } from "@/lib/catalog";
import { config } from "@/lib/runtime";
import { BASE_PATH, TOKEN_PATH } from "@/lib/gateway/routes";

export const origin = () => config.publicUrl;
/** {base_url} */
export const baseUrl = () => `${config.publicUrl}${BASE_PATH}`;
export const tokenUrl = () => `${baseUrl()}${TOKEN_PATH}`;
export const inspectUrl = (appId = "<appId>") => `${config.publicUrl}/inspect/${appId}`;

/** The operation's slug under its API: `collect.push` → `push`. */
export const opSlug = (op: Operation) => op.id.slice(op.id.indexOf(".") + 1);
export const apiHref = (api: Api | string) => `/docs/${typeof api === "string" ? api : api.id}`;
export const opHref = (op: Operation) => `/docs/${op.api}/${opSlug(op)}`;

export const findApi = (id: string) => apis.find((a) => a.id === id);
export const opsOf = (apiId: string) => operations.filter((o) => o.api === apiId);
export const findOp = (apiId: string, slug: string) => opsOf(apiId).find((o) => opSlug(o) === slug);

/** The published artifacts of one API, at stable addresses. */
export const artifacts = (apiId: string) => [
  { label: "OpenAPI 3.1 (JSON)", href: `/openapi/${apiId}.json` },
  { label: "OpenAPI 3.1 (YAML)", href: `/openapi/${apiId}.yaml` },
  { label: "Postman collection v2.1", href: `/postman/${apiId}.json` },
  { label: "TypeScript client", href: `/clients/${apiId}.ts` },
  { label: "Python client", href: `/clients/${apiId}.py` },
  { label: "PHP client", href: `/clients/${apiId}.php` },
  { label: "Java client", href: `/clients/${apiId}.java` },
];
