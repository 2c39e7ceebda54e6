// The try-it panel's endpoint: lib/tryit (the engine without keys; nothing stored, nothing sent).
import { handleTry } from "@/lib/tryit/try-call";

export const dynamic = "force-dynamic";

export const POST = async (request: Request, { params }: { params: Promise<{ operation: string }> }) =>
  handleTry(request, (await params).operation);
