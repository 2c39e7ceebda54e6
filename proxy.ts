// Next answers a multipart POST whose body cannot be parsed (it reads it as a
// form-action submission) with a bare 500; such requests get a 400 here.
// (/sandbox and /inspect never reach Next: server/route.ts answers them.)
//
// Console pages: the path asked for travels to the page as a request header, so
// a signed-out visitor is sent to /signin?next=<that path> (lib/auth/session.ts).
//
// Docs pages: a link naming `?app=<app id>` (an app's Get started) is remembered
// like the docs' app picker's choice (lib/docs/app-cookie.ts).
import { NextResponse, type NextRequest } from "next/server";
import { ApiError, errorBody } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { DOCS_APP_COOKIE, docsAppCookieOptions, isAppId } from "@/lib/docs/app-cookie";

async function unreadableForm(request: NextRequest): Promise<boolean> {
  if (request.method !== "POST" || !/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return false;
  try {
    await request.clone().formData();
    return false;
  } catch {
    return true;
  }
}

export const CONSOLE_PATH_HEADER = "x-console-path";

export async function proxy(request: NextRequest) {
  if (await unreadableForm(request)) {
    const requestId = newId("req");
    const e = new ApiError("INVALID_BODY", "the form body could not be read");
    return Response.json(errorBody(e.code, e.message, requestId), { status: e.status, headers: { "x-request-id": requestId } });
  }
  const path = request.nextUrl.pathname;
  if (/^\/(apps|operator|account|teams)(\/|$)/.test(path)) {
    const headers = new Headers(request.headers);
    headers.set(CONSOLE_PATH_HEADER, path + request.nextUrl.search);
    return NextResponse.next({ request: { headers } });
  }
  const app = request.nextUrl.searchParams.get("app");
  if (/^\/docs(\/|$)/.test(path) && isAppId(app)) {
    const response = NextResponse.next();
    response.cookies.set(DOCS_APP_COOKIE, app, docsAppCookieOptions());
    return response;
  }
}

// Every path but Next's static files.
export const config = { matcher: ["/((?!_next/static|_next/image|favicon\\.ico).*)"] };
