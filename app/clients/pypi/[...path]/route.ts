// The pypi registry of the client package: lib/client-gen/packages/registry.ts.
import { serveRegistry } from "@/lib/client-gen/packages/registry";

export const dynamic = "force-dynamic";
export const GET = async (r: Request, { params }: { params: Promise<{ path: string[] }> }) =>
  serveRegistry("pypi", (await params).path, r.headers.get("if-none-match"));
