// Postman collection v2.1 per API: lib/postman.
import { servePostman } from "@/lib/postman/serve-postman";

export const dynamic = "force-dynamic";
export const GET = async (_r: Request, { params }: { params: Promise<{ file: string }> }) => servePostman((await params).file);
