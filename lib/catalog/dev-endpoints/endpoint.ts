// Developer endpoints (README: How the sandbox behaves): {base_url}/dev/v1/..., same
// bearer token and error body as the gateway, recorded in the request log, not
// counted toward the per-minute limit. This is their data (method, path, zod
// schemas, words); the handlers are lib/devapi, run by the gateway's dev steps.
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";

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
  /** The success answer's shape, for the docs and OpenAPI. */
  response: z.ZodType;
  /** The success status when not 200 (201 created, 204 with no body). */
  status?: 201 | 204;
  /**
   * Every code its handler (lib/devapi/handlers.ts and the services it calls) may
   * answer, each with when, beyond the token, suspension and input checks every
   * endpoint has ({} when none): /openapi/dev.json lists them per operation, and
   * tests/integration/prism.test.ts runs the handlers through Prism against it.
   */
  errors: Readonly<Partial<Record<ErrorCode, string>>>;
  /** Answers a Server-Sent Events stream instead of one JSON document. */
  stream?: true;
  /** The MCP tool changes or deletes data it cannot bring back. */
  destructive?: true;
  /** The request body's limit in bytes when it is not the gateway's 64 KiB. */
  maxBodyBytes?: number;
  /** Fields of the request body, and of the answer, that the request log keeps as "[redacted]" (secrets; an answer's shown this once). */
  redact?: readonly string[];
  /**
   * The API whose generated clients (lib/client-gen, four languages) carry
   * this endpoint as a method, and the method's name (e.g. payouts, getFloat).
   */
  client?: { api: string; method: string };
  /** An example input (query or body) and answer, for the docs and OpenAPI (tests/unit/dev-examples.test.ts checks them against the schemas). */
  example?: { input?: Record<string, unknown>; response?: unknown };
};

export const DEV_PREFIX = "/dev/v1";
