// The collection's scripts, as Postman runs them (its pm.* script API). Kept as text.
import type { Operation } from "@/lib/catalog";
import { TOKEN_LIFETIME_S } from "@/lib/catalog/schemas/common";

/**
 * Keeps the token where `{{accessToken}}` finds it: in the collection's
 * variables, and in the environment's too when it has its own accessToken
 * (an environment's value hides the collection's). Reads go through
 * pm.variables, which sees every scope: a key given with newman --env-var, a
 * Postman environment or a global wins over the collection's empty one.
 */
const KEEP_TOKEN = [
  "function keepToken(body) {",
  '  const expiresAt = String(Date.now() + body.expires_in * 1000);',
  "  for (const scope of [pm.collectionVariables, pm.environment]) {",
  '    if (scope === pm.environment && !pm.environment.has("accessToken")) continue;',
  '    scope.set("accessToken", body.access_token);',
  '    scope.set("accessTokenExpiresAt", expiresAt);',
  "  }",
  "}",
];

export const TOKEN_TEST = [
  ...KEEP_TOKEN,
  'pm.test("token: 200 with a Bearer token", function () {',
  "  pm.response.to.have.status(200);",
  "  const body = pm.response.json();",
  '  pm.expect(body.token_type).to.eql("Bearer");',
  `  pm.expect(body.expires_in).to.eql(${TOKEN_LIFETIME_S});`,
  "  keepToken(body);",
  "});",
];

/**
 * Before each request but the token request: a token when there is none or it
 * expires within a minute (pm.sendRequest to the token endpoint with Basic
 * auth from consumerKey / consumerSecret, read from any scope), so any request
 * runs alone, with the collection's variables or an environment's.
 */
export function tokenPrerequest(tokenPath: string): string[] {
  return [
    ...KEEP_TOKEN,
    `const tokenUrl = pm.variables.get("baseUrl") + "${tokenPath}";`,
    'const expiresAt = Number(pm.variables.get("accessTokenExpiresAt") || 0);',
    'const isTokenRequest = pm.request.url.toString().indexOf("/oauth/") >= 0;',
    'if (!isTokenRequest && (!pm.variables.get("accessToken") || Date.now() > expiresAt - 60000)) {',
    "  pm.sendRequest({",
    '    url: tokenUrl, method: "POST",',
    '    header: { "Content-Type": "application/x-www-form-urlencoded" },',
    '    auth: { type: "basic", basic: [{ key: "username", value: pm.variables.get("consumerKey") }, { key: "password", value: pm.variables.get("consumerSecret") }] },',
    '    body: { mode: "urlencoded", urlencoded: [{ key: "grant_type", value: "client_credentials" }] },',
    "  }, function (err, res) {",
    "    if (err || res.code !== 200) {",
    '      const why = err ? String(err) : "the token endpoint answered " + res.code + ": " + res.text();',
    '      pm.test("a token for consumerKey and consumerSecret", function () { throw new Error(why + " (set consumerKey and consumerSecret)"); });',
    "      return;",
    "    }",
    "    keepToken(res.json());",
    "  });",
    "}",
  ];
}

/** Before each request: a fresh run id, so references stay unique (payout references may never repeat). */
export const RUN_ID_PREREQUEST = [
  'pm.collectionVariables.set("runId", Date.now().toString(36) + Math.floor(Math.random() * 1296).toString(36));',
];

/** A Scenarios request's test: the forced scenario answered, with its status. */
export function scenarioTest(op: Operation, key: string, status: number): string[] {
  return [
    `pm.test("${op.id} ${key}: ${status}", function () {`,
    `  pm.response.to.have.status(${status});`,
    `  pm.expect(pm.response.headers.get("x-svc-scenario")).to.eql("${key}");`,
    "});",
  ];
}

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
    lines.push(`pm.test("answers the ${op.resource.idField} asked for", function () {`, `  pm.expect(pm.response.json().${op.resource.idField}).to.eql(pm.variables.get("${op.resource.idField}"));`, "});");
  }
  return lines;
}
