// Typed TypeScript client per API: lib/client-gen.
import { serveClient } from "@/lib/client-gen/serve-client";

export const dynamic = "force-dynamic";
export const GET = async (_r: Request, { params }: { params: Promise<{ file: string }> }) => serveClient((await params).file);
