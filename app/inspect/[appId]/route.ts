// {inspect_url}/<appId>: lib/inspector.
import { receiveInspection } from "@/lib/inspector";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ appId: string }> };
const handle = async (request: Request, { params }: Ctx) => receiveInspection((await params).appId, request);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
