// Serving the generated artifacts at /<kind>/<api id>.<ext>: one helper for the
// OpenAPI, Postman and client routes.
import type { Api } from "@/lib/catalog";
import { ApiError, errorBody } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { findApi } from "./urls";

/** fileName: the name to save it under when it is not <api>.<ext> (a Java class's file). */
export type Format = { contentType: string; render: (api: Api) => string; fileName?: (api: Api) => string };

export function serveArtifact(file: string, formats: Record<string, Format>): Response {
  const m = /^([a-z0-9-]+)\.([a-z]+)$/.exec(file);
  const api = m ? findApi(m[1]!) : undefined;
  // Own keys only: "constructor" or "toString" are not formats.
  const format = m && Object.hasOwn(formats, m[2]!) ? formats[m[2]!] : undefined;
  if (!api || !format) {
    const e = new ApiError("NOT_FOUND", `no artifact is called ${file}; try one of ${Object.keys(formats).map((x) => `<api>.${x}`).join(", ")}`);
    return Response.json(errorBody(e.code, e.message, newId("req")), { status: e.status });
  }
  const name = format.fileName?.(api);
  const bytes = Buffer.from(format.render(api));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": format.contentType,
      "content-length": String(bytes.length),
      "cache-control": "no-cache",
      "access-control-allow-origin": "*",
      ...(name ? { "content-disposition": `inline; filename="${name}"` } : {}),
    },
  });
}
