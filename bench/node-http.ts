// The gateway's web-standard handler (lib/gateway/http.ts) mounted on a bare
// node:http server, without Next: `npm run bench` runs it in a child process to
// show what Next's routing costs next to the pipeline itself.
//   tsx bench/node-http.ts <port>     (DATABASE_URL: the bench database)
// Like instrumentation.ts, it applies migrations and starts the callback
// dispatcher; /healthz answers a fixed JSON (node:http's own ceiling).
import http from "node:http";
import { Readable } from "node:stream";
import { applyMigrations } from "@/lib/db/migrate";
import { startDispatcher, stopDispatcher } from "@/lib/callbacks";
import { handleSandboxRequest } from "@/lib/gateway";

/** IncomingMessage → Request: the body stays a stream, as in a route handler. */
function toRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

/** Response → ServerResponse. */
async function send(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.writeHead(response.status, headers).end(body);
}

const HEALTH = JSON.stringify({ ok: true });

function createGatewayServer(origin: string): http.Server {
  return http.createServer((req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" }).end(HEALTH);
      return;
    }
    handleSandboxRequest(toRequest(req, origin))
      .then((response) => send(res, response))
      .catch((e) => {
        console.error("[node-http] unhandled", e);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "INTERNAL", message: "unexpected error" }));
      });
  });
}

async function main() {
  const port = Number(process.argv[2] ?? 3590);
  const origin = `http://127.0.0.1:${port}`;
  await applyMigrations();
  startDispatcher();
  const server = createGatewayServer(origin);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  console.log(`[node-http] listening on ${origin}`);
  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await stopDispatcher();
    process.exit(0); // exit normally, so --cpu-prof writes its profile
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

await main();
