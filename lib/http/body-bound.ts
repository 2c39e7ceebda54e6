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

/**
 * After its 413, how long a refused upload is still read (and dropped) before the
 * connection is cut: a lingering close, as nginx's, so a client still writing
 * its body gets to read the answer instead of a reset.
 */
const LINGER_MS = 5000;

const tooLarge = (limit: number) => new ApiError("BODY_TOO_LARGE", `the request body must be at most ${limit} bytes`);

/**
 * Answers 413 (unless an answer has started: then the connection is cut at once).
 * What still arrives is dropped. LINGER_MS after the answer the connection is cut
 * when the body has not ended, or always when `release` (a handler still waits
 * on the body, which it will never get: the cut ends its wait).
 */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, limit: number, headers: Record<string, string>, release: boolean) {
  req.resume(); // drop what arrives; nothing is kept
  const socket = req.socket;
  if (res.headersSent) return void socket.destroy();
  // node:http closes a connection that is not kept alive (the client sent Connection: close) with
  // destroySoon once the answer is written: a reset while the client still writes, which loses the
  // answer. Only its sending side is closed here; the reading goes on until the timer below.
  socket.destroySoon = () => void socket.end();
  res.once("finish", () => {
    setTimeout(() => {
      if (release || !req.complete || !res.shouldKeepAlive) socket.destroy();
    }, LINGER_MS).unref();
  });
  sendError(res, tooLarge(limit), headers);
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
    refuse(req, res, limit, headers, false);
    return true;
  }
  if (req.headers["transfer-encoding"] === undefined) return false; // no body
  let seen = 0;
  let over = false;
  const push = req.push.bind(req);
  // node:http's parser hands each chunk of the body to the request stream's push: counted here before any reader sees it.
  // Past the limit a chunk is dropped and true answered (false would stop node:http reading the socket: the client could not finish writing).
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (over) return true;
    if (chunk !== null && chunk !== undefined) {
      seen += (chunk as Buffer).length;
      if (seen > limit) {
        over = true;
        refuse(req, res, limit, headers, true);
        return true;
      }
    }
    return push(chunk, encoding);
  };
  return false;
}
