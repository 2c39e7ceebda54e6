// One API's Postman collection (v2.1), generated from the catalog and the
// example bodies: a token request that stores accessToken, every operation
// with a test asserting its default scenario's status, then the Scenarios
// folder (scenarios.ts). A collection-level pre-request script fetches the
// token when there is none or it is about to expire, so any request runs alone.
import type { Api, Operation } from "@/lib/catalog";
import { exampleBody, exampleParams } from "@/lib/docs/doc-examples";
import { baseUrl, opsOf } from "@/lib/docs/urls";
import { defaultScenario } from "@/lib/engine";
import { TOKEN_PATH } from "@/lib/gateway/routes";
import { collectionBody, script, url } from "./parts";
import { scenariosFolder } from "./scenarios";
import { operationTest, RUN_ID_PREREQUEST, TOKEN_TEST, tokenPrerequest } from "./scripts";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

function item(op: Operation) {
  const path = op.path.replace(/\{(\w+)\}/g, "{{$1}}");
  const status = defaultScenario(op).status;
  return {
    name: `${op.summary} (${op.method} ${op.path})`,
    event: [script("test", operationTest(op, status))],
    request: {
      method: op.method,
      header: op.body ? [{ key: "Content-Type", value: "application/json" }] : [],
      url: url(path),
      ...(op.body ? { body: { mode: "raw", raw: collectionBody(op, exampleBody(op)!), options: { raw: { language: "json" } } } } : {}),
      description: `${op.description}\n\nAdd the header X-Svc-Scenario with one of ${op.scenarios.map((s) => s.key).join(", ")} to force a scenario, and X-Svc-Time-Scale (0 to 1; 0 = instant) to shorten the scripted delays.`,
    },
  };
}

export function postmanCollection(api: Api) {
  const ops = opsOf(api.id);
  const idVariables = ops.filter((o) => o.method === "GET").map((o) => ({ key: o.resource.idField, value: exampleParams(o)[o.resource.idField] ?? "" }));
  return {
    info: {
      name: `${api.name} API ${api.version} (sandbox)`,
      description: `${api.description}\n\nSet consumerKey and consumerSecret (an app's key pair), and callbackUrl (e.g. the app's inspector address). Any request fetches a token first when there is none or it is about to expire (the collection's pre-request script); the first request stores one too. The Scenarios folder has one request per X-Svc-Scenario value, each with a saved example response.`,
      schema: SCHEMA,
    },
    auth: { type: "bearer", bearer: [{ key: "token", value: "{{accessToken}}", type: "string" }] },
    event: [script("prerequest", [...RUN_ID_PREREQUEST, ...tokenPrerequest(TOKEN_PATH)])],
    variable: [
      { key: "baseUrl", value: baseUrl() },
      { key: "consumerKey", value: "" },
      { key: "consumerSecret", value: "" },
      { key: "callbackUrl", value: "https://example.com/callbacks" },
      { key: "accessToken", value: "" },
      { key: "accessTokenExpiresAt", value: "" },
      { key: "runId", value: "" },
      ...idVariables,
    ],
    item: [
      {
        name: "Get an access token",
        event: [script("test", TOKEN_TEST)],
        request: {
          method: "POST",
          auth: {
            type: "basic",
            basic: [
              { key: "username", value: "{{consumerKey}}", type: "string" },
              { key: "password", value: "{{consumerSecret}}", type: "string" },
            ],
          },
          header: [{ key: "Content-Type", value: "application/x-www-form-urlencoded" }],
          body: { mode: "urlencoded", urlencoded: [{ key: "grant_type", value: "client_credentials", type: "text" }] },
          url: url(TOKEN_PATH),
        },
      },
      ...ops.map(item),
      scenariosFolder(ops),
    ],
  };
}
