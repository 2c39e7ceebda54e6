// The collection's "Scenarios" folder: one request per scenario of each
// operation, forced with X-Svc-Scenario (the body and path values that pick it,
// too), each with a test of its status and a saved example response generated
// by the engine (lib/docs/samples.ts sampleAnswer), so Postman shows what each
// scenario answers without sending it.
import type { Operation, Scenario } from "@/lib/catalog";
import { sampleAnswer, scenarioRequest } from "@/lib/docs/samples";
import { SCENARIO_HEADER } from "@/lib/engine";
import { collectionBody, script, url } from "./parts";
import { scenarioTest } from "./scripts";

function scenarioItem(op: Operation, s: Scenario) {
  const req = scenarioRequest(op, s);
  // `tracked` answers the live state of a resource this app created: the id the operation's POST stored.
  const tracked = s.triggers?.some((t) => "state" in t && t.state === "tracked");
  const path = op.path.replace(/\{(\w+)\}/g, (_m, n: string) => (tracked ? `{{${n}}}` : encodeURIComponent(req.params[n] ?? "")));
  const header = [{ key: SCENARIO_HEADER, value: s.key }, ...(op.body ? [{ key: "Content-Type", value: "application/json" }] : [])];
  const request = {
    method: op.method,
    header,
    url: url(path),
    ...(op.body ? { body: { mode: "raw", raw: collectionBody(op, req.body ?? {}), options: { raw: { language: "json" } } } } : {}),
    description: `Scenario ${s.key} of ${op.id}: ${s.summary}`,
  };
  const answer = sampleAnswer(op, s);
  return {
    name: `${op.id} · ${s.key} (${s.status})`,
    event: [script("test", scenarioTest(op, s.key, s.status))],
    request,
    response: [
      {
        name: `${s.key} (${s.status})`,
        originalRequest: request,
        code: answer.status,
        _postman_previewlanguage: "json",
        header: [{ key: "Content-Type", value: "application/json; charset=utf-8" }, { key: SCENARIO_HEADER, value: s.key }],
        body: JSON.stringify(answer.body, null, 2),
      },
    ],
  };
}

/** The Scenarios folder of an API's collection (after the operations, whose POSTs store the ids `tracked` reads). */
export function scenariosFolder(ops: Operation[]) {
  return {
    name: "Scenarios",
    description: `One request per scenario, forced with the ${SCENARIO_HEADER} header; each has a saved example of its answer.`,
    item: ops.flatMap((op) => op.scenarios.map((s) => scenarioItem(op, s))),
  };
}
