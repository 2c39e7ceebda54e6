// The docs' curl examples.
import type { Operation } from "@/lib/catalog";
import { fillPath } from "@/lib/catalog";
import { sampleBody, type Fill } from "./code-samples";
import { exampleParams } from "./doc-examples";
import { baseUrl, tokenUrl } from "./urls";

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One call of `op` as curl: the same body as the other samples (sampleBody), `scenario` forced by the header. */
export function curlExample(op: Operation, scenario?: string, fill?: Fill): string {
  const lines = [`curl -X ${op.method} ${quote(`${baseUrl()}${fillPath(op, exampleParams(op))}`)}`, `  -H "Authorization: Bearer $ACCESS_TOKEN"`];
  if (scenario) lines.push(`  -H "X-Svc-Scenario: ${scenario}"`);
  const body = sampleBody(op, fill);
  if (body) lines.push(`  -H "Content-Type: application/json"`, `  -d ${quote(JSON.stringify(body, null, 2))}`);
  return lines.join(" \\\n");
}

export function curlToken(): string {
  return [
    `curl -X POST ${quote(tokenUrl())}`,
    `  -u "$CONSUMER_KEY:$CONSUMER_SECRET"`,
    `  -d grant_type=client_credentials`,
  ].join(" \\\n");
}
