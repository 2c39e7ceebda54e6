// The collection's scripts, as Postman runs them (pm.* sandbox). Kept as text.
import type { Operation } from "@/lib/catalog";
import { TOKEN_LIFETIME_S } from "@/lib/catalog/schemas/common";

export const TOKEN_TEST = [
  'pm.test("token: 200 with a Bearer token", function () {',
  "  pm.response.to.have.status(200);",
  "  const body = pm.response.json();",
  '  pm.expect(body.token_type).to.eql("Bearer");',
  `  pm.expect(body.expires_in).to.eql(${TOKEN_LIFETIME_S});`,
  '  pm.collectionVariables.set("accessToken", body.access_token);',
  "});",
];

/** Before each request: a fresh run id, so references stay unique (payout references may never repeat). */
export const RUN_ID_PREREQUEST = [
  'pm.collectionVariables.set("runId", Date.now().toString(36) + Math.floor(Math.random() * 1296).toString(36));',
];

/** Asserts the default scenario's status and keeps the created id for the GET that follows. */
export function operationTest(op: Operation, status: number): string[] {
  const lines = [
    `pm.test("${op.method} ${op.path}: ${status}", function () {`,
    `  pm.response.to.have.status(${status});`,
    '  pm.expect(pm.response.headers.get("x-svc-scenario")).to.be.a("string");',
    "});",
  ];
  if (op.method === "POST") {
    const id = op.resource.idField;
    lines.push(`const created = pm.response.json().${id};`, `if (created) pm.collectionVariables.set("${id}", created);`);
  } else {
    lines.push(`pm.test("answers the ${op.resource.idField} asked for", function () {`, `  pm.expect(pm.response.json().${op.resource.idField}).to.eql(pm.collectionVariables.get("${op.resource.idField}"));`, "});");
  }
  return lines;
}
