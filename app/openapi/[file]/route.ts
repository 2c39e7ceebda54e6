// OpenAPI 3.1 per API, JSON or YAML: lib/openapi.
import { serveOpenApi } from "@/lib/openapi/serve-openapi";

export const dynamic = "force-dynamic";
export const GET = async (_r: Request, { params }: { params: Promise<{ file: string }> }) => serveOpenApi((await params).file);
