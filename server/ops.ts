// What the vendor's operations team reads (contract, "Added 2026-11-27":
// Operable; docs: /docs/operations): /livez (and /healthz, its old name),
// /readyz (lib/ops/health.ts) and /metrics (lib/ops/metrics.ts), answered by
// our listener before Next, so they answer while Next starts or the database is away.
import { timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { config } from "@/lib/runtime";
import { ApiError } from "@/lib/errors";
import { sendError, sendJson } from "@/lib/http/node-io";
import { canonicalIp } from "@/lib/net/ip";
import { READY_RETRY_AFTER_SECONDS, readiness } from "@/lib/ops/health";
import { metrics } from "@/lib/ops/metrics";

export const OPS_PATHS = new Set(["/livez", "/healthz", "/readyz", "/metrics"]);

const NO_STORE = { "cache-control": "no-store" };

function loopback(address: string | undefined): boolean {
  const ip = canonicalIp(address);
  return ip === "::1" || Boolean(ip?.startsWith("127."));
}

function tokenMatches(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith("Bearer ")) return false;
  const [a, b] = [Buffer.from(authorization.slice(7)), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /metrics from a loopback client (the address server/route.ts resolved:
 * behind TRUSTED_PROXIES, the client's, not the balancer's) or with
 * `Authorization: Bearer $METRICS_TOKEN`; anyone else 404, as if absent.
 */
async function serveMetrics(req: http.IncomingMessage, res: http.ServerResponse, client: string): Promise<void> {
  if (!loopback(client) && !tokenMatches(req.headers.authorization, config.metricsToken)) return sendError(res, new ApiError("NOT_FOUND", "no such page"));
  const { registry } = metrics();
  const text = await registry.metrics();
  res.writeHead(200, { "content-type": registry.contentType, "content-length": Buffer.byteLength(text), ...NO_STORE });
  res.end(req.method === "HEAD" ? undefined : text);
}

export async function serveOps(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, client: string): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return sendError(res, new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not served here`, { allow: "GET, HEAD" }));
  if (pathname === "/metrics") return serveMetrics(req, res, client);
  if (pathname === "/readyz") {
    const r = await readiness();
    if (!r.ok) return sendError(res, new ApiError("SERVICE_UNAVAILABLE", `not ready: ${r.reason}`, { "retry-after": String(READY_RETRY_AFTER_SECONDS), ...NO_STORE }));
    return sendJson(res, 200, NO_STORE, { ok: true });
  }
  return sendJson(res, 200, NO_STORE, { ok: true }); // /livez, /healthz: the process serves
}
