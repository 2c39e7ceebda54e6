// The one bound on a request body, applied where requests enter (server/route.ts)
// before any handler reads it: Next would read a whole multipart body into
// memory (and answer 500 past its own 1 MB). A declared Content-Length over the
// bound is refused at once; a body without one (chunked) is counted as it
// arrives and cut off once past it, so no handler ever holds more.
import type http from "node:http";
import { ApiError } from "@/lib/errors";
import { sendError } from "./node-io";

/**
 * The most any route takes: the console's JSON routes and the developer API's
 * signature explain (1 MiB each); the gateway's operations (64 KiB) and the
 * inspector (256 KiB) refuse smaller bodies themselves.
 */
export const MAX_REQUEST_BODY = 1024 * 1024;

/** After its 413, how long a refused upload is read (and dropped) so the client can read the answer before the connection is cut. */
const CUT_AFTER_MS = 2000;

const tooLarge = (limit: number) => new ApiError("BODY_TOO_LARGE", `the request body must be at most ${limit} bytes`);

/** Answers 413 (unless an answer has started) and closes the connection: what still arrives is dropped, and after CUT_AFTER_MS the socket is cut. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, limit: number, headers: Record<string, string>) {
  req.resume(); // drop what arrives; nothing is kept
  const cut = () => setTimeout(() => req.socket.destroy(), CUT_AFTER_MS).unref();
  if (res.headersSent) return void req.socket.destroy();
  res.once("finish", cut);
  sendError(res, tooLarge(limit), { ...headers, connection: "close" });
}

/**
 * Bounds `req`'s body to `limit` bytes before any handler reads it. Returns true when
 * the request was refused at once (its Content-Length says more): nothing else may answer it.
 * Otherwise a body without a length is counted chunk by chunk as node:http hands it over, and
 * one that passes `limit` is refused (413, when nothing was answered yet) and cut off: its
 * reader gets no more of it.
 */
export function boundBody(req: http.IncomingMessage, res: http.ServerResponse, limit: number, headers: Record<string, string> = {}): boolean {
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    if (Number(declared) <= limit) return false; // node:http delivers no more than it declares
    refuse(req, res, limit, headers);
    return true;
  }
  if (req.headers["transfer-encoding"] === undefined) return false; // no body
  let seen = 0;
  let over = false;
  const push = req.push.bind(req);
  // node:http's parser hands each chunk of the body to the request stream's push: counted here before any reader sees it.
  // Past the limit a chunk is dropped and true answered (false would stop node:http reading the socket, and the cut would then reset a connection with unread data).
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (over) return true;
    if (chunk !== null && chunk !== undefined) {
      seen += (chunk as Buffer).length;
      if (seen > limit) {
        over = true;
        refuse(req, res, limit, headers);
        return true;
      }
    }
    return push(chunk, encoding);
  };
  return false;
}
