// Developer endpoints (contract: Developer tools): {base_url}/dev/v1/..., same
// bearer token and error body as the gateway, recorded in the request log, not
// counted toward the per-minute limit. This is their data (method, path, zod
// schemas, words); the handlers are lib/dev, run by the gateway's dev steps.
import type { z } from "zod";

export type DevEndpoint = {
  /** e.g. dev.settings.get: the request log's operation column. */
  id: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path template under {base_url}, e.g. /dev/v1/deliveries/{deliveryId}/resend. */
  path: string;
  summary: string;
  description: string;
  /** MCP tool name; none for a stream (MCP tools answer once). */
  tool?: string;
  params?: z.ZodObject;
  /** GET endpoints read their input from the query string, the others from a JSON body. */
  query?: z.ZodObject;
  body?: z.ZodObject;
  /** The 200 answer's shape, for the docs and OpenAPI. */
  response: z.ZodType;
  /** Answers a Server-Sent Events stream instead of one JSON document. */
  stream?: true;
  /** An example request (query or body) and 200 answer, for the docs and OpenAPI (tests/unit/dev-examples.test.ts checks them against the schemas). */
  examples?: { request?: Record<string, unknown>; response?: unknown };
};

export const DEV_PREFIX = "/dev/v1";
