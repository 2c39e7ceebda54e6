// Next answers a bare 500 when a dynamic segment has malformed percent-encoding
// (e.g. /sandbox/collect/v1/push/%E0%A4%A), before any route handler runs. Such
// requests are handed to our handlers here, which treat the segment as text.
import type { NextRequest } from "next/server";
import { handleSandboxRequest } from "@/lib/gateway";
import { receiveInspection } from "@/lib/inspector";

function malformed(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export async function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (!malformed(path)) return; // the usual routes
  if (path.startsWith("/inspect/")) return receiveInspection(path.slice("/inspect/".length), request);
  return handleSandboxRequest(request);
}

export const config = { matcher: ["/sandbox/:path*", "/inspect/:path*"] };
