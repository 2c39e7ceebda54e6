// Requests Next itself would answer with a bare 500, before any route handler runs:
// - a dynamic segment with malformed percent-encoding under /sandbox or /inspect
//   (e.g. /sandbox/collect/v1/push/%E0%A4%A) is handed to our handlers, which treat it as text;
// - elsewhere, a multipart POST whose body cannot be parsed (Next reads it as a
//   form-action submission) is answered 400 here.
import type { NextRequest } from "next/server";
import { ApiError, errorBody } from "@/lib/errors";
import { handleSandboxRequest } from "@/lib/gateway";
import { newId } from "@/lib/ids";
import { receiveInspection } from "@/lib/inspector";

function malformed(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

async function unreadableForm(request: NextRequest): Promise<boolean> {
  if (request.method !== "POST" || !/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return false;
  try {
    await request.clone().formData();
    return false;
  } catch {
    return true;
  }
}

export async function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (path.startsWith("/sandbox") || path.startsWith("/inspect/")) {
    if (!malformed(path)) return; // the usual routes
    if (path.startsWith("/inspect/")) return receiveInspection(path.slice("/inspect/".length), request);
    return handleSandboxRequest(request);
  }
  if (await unreadableForm(request)) {
    const requestId = newId("req");
    const e = new ApiError("INVALID_BODY", "the form body could not be read");
    return Response.json(errorBody(e.code, e.message, requestId), { status: e.status, headers: { "x-request-id": requestId } });
  }
}

// Every path but Next's static files.
export const config = { matcher: ["/((?!_next/static|_next/image|favicon\\.ico).*)"] };
