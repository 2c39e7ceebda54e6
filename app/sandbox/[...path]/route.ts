// {base_url}: the token endpoint, the operations and the MCP endpoint, all in lib/gateway.
import { handleSandboxRequest } from "@/lib/gateway";

export const dynamic = "force-dynamic";
export { handleSandboxRequest as GET, handleSandboxRequest as POST, handleSandboxRequest as PUT };
export { handleSandboxRequest as PATCH, handleSandboxRequest as DELETE };
