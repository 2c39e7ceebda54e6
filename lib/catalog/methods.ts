// Which methods a path under {base_url} takes: the token endpoint's POST, the
// developer endpoints' or the operations' at that path. The routing rule
// (lib/gateway/routes.ts) answers a CORS preflight with them; the steps that
// answer NO_SUCH_OPERATION name them in `Allow`.
import { operationMethodsAt } from "./index";
import { DEV_PREFIX, devMethodsAt } from "./dev-endpoints";

export const TOKEN_PATH = "/oauth/v1/token";

/** The methods a path under {base_url} takes (empty: no such path). */
export function methodsAt(path: string): string[] {
  if (path === TOKEN_PATH) return ["POST"];
  return path.startsWith(`${DEV_PREFIX}/`) ? devMethodsAt(path) : operationMethodsAt(path);
}

/** The `Allow` header of a NO_SUCH_OPERATION answer: the methods the path does take, when it is a known path. */
export function allowAt(path: string): Record<string, string> {
  const methods = methodsAt(path);
  return methods.length ? { allow: methods.join(", ") } : {};
}
