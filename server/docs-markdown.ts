// GET /llms.txt and GET /docs/<page>.md (lib/docs/pages.ts): a twin is the page
// itself, rendered by Next as a signed-out reader sees it (fetched from this
// process's own listener) and written as Markdown (lib/docs/markdown.ts), so
// there is one source. Other methods answer 405; an address that is no page's
// twin, 404 in the error body of lib/errors.ts.
import type http from "node:http";
import { ApiError } from "@/lib/errors";
import { sendError } from "@/lib/http/node-io";
import { pageMarkdown } from "@/lib/docs/markdown";
import { llmsTxt, pageOfMarkdown } from "@/lib/docs/pages";

export const LLMS_TXT = "/llms.txt";

/** Is this path one of ours: /llms.txt or a .md address under /docs/? */
export const isDocsText = (pathname: string) => pathname === LLMS_TXT || (pathname.startsWith("/docs/") && pathname.endsWith(".md"));

function sendText(res: http.ServerResponse, head: boolean, type: string, text: string) {
  const body = Buffer.from(text, "utf8");
  res.writeHead(200, { "content-type": type, "content-length": body.length, "cache-control": "no-cache" });
  res.end(head ? undefined : body);
}


export async function serveDocsText(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, origin: string): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return sendError(res, new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not served here`, { allow: "GET, HEAD" }));
  const head = req.method === "HEAD";
  if (pathname === LLMS_TXT) return sendText(res, head, "text/plain; charset=utf-8", llmsTxt());
  const page = pageOfMarkdown(pathname);
  if (!page) return sendError(res, new ApiError("NOT_FOUND", `no docs page has the Markdown address ${pathname}: /llms.txt lists them`));
  const html = await fetch(`${origin}${page.href}`, { headers: { accept: "text/html" } });
  if (!html.ok) return sendError(res, new ApiError("INTERNAL_ERROR", `the page ${page.href} answered ${html.status}`));
  sendText(res, head, "text/markdown; charset=utf-8", pageMarkdown(await html.text()));
}
