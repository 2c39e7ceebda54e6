// Next answers a bare 500 when a dynamic segment has malformed percent-encoding
// (e.g. /sandbox/collect/v1/push/%E0%A4%A), before any route handler runs. Such
// requests are handed to our handlers here, which treat the segment as text.
//
// Console pages: the path asked for travels to the page as a request header, so
// a signed-out visitor is sent to /signin?next=<that path> (lib/auth/session.ts).
import { NextResponse, type NextRequest } from "next/server";
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

export const CONSOLE_PATH_HEADER = "x-console-path";

export async function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (/^\/(apps|operator|account)(\/|$)/.test(path)) {
    const headers = new Headers(request.headers);
    headers.set(CONSOLE_PATH_HEADER, path + request.nextUrl.search);
    return NextResponse.next({ request: { headers } });
  }
  if (!malformed(path)) return; // the usual routes
  if (path.startsWith("/inspect/")) return receiveInspection(path.slice("/inspect/".length), request);
  return handleSandboxRequest(request);
}

export const config = { matcher: ["/sandbox/:path*", "/inspect/:path*", "/apps", "/apps/:path*", "/operator", "/operator/:path*", "/account"] };
