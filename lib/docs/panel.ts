// What an operation page's side panel shows for each scenario: the request
// that forces it (curl and the four languages, with X-Svc-Scenario) and the
// answer and callback the engine gives it (lib/docs/samples.ts). The key ""
// is the call without the header, answered by the default scenario.
import type { Operation } from "@/lib/catalog";
import { defaultScenario } from "@/lib/engine";
import { operationSamples, sampleBody, type Fill, type Sample } from "./code-samples";
import { exampleParams } from "./doc-examples";
import { curlExample } from "./curl";
import { sampleAnswer } from "./samples";

export type PanelScenario = {
  key: string;
  label: string;
  status: number;
  samples: Sample[];
  response: { status: number; body: unknown; delayMs: number };
  callback?: { delayMs: number; body: unknown };
};

function entry(op: Operation, key: string, fill?: Fill): PanelScenario {
  const scenario = key ? op.scenarios.find((s) => s.key === key)! : defaultScenario(op);
  // The answer to exactly the request the samples send (their body, the header forcing the scenario).
  const answer = sampleAnswer(op, scenario, { params: exampleParams(op), body: sampleBody(op, fill) });
  return {
    key,
    label: key ? `${key} — ${scenario.status}` : `No header (${scenario.key}) — ${scenario.status}`,
    status: answer.status,
    samples: [{ lang: "curl", title: "curl", code: curlExample(op, key || undefined, fill) }, ...operationSamples(op, fill, key || undefined)],
    response: { status: answer.status, body: answer.body, delayMs: answer.delayMs },
    callback: answer.callback && { delayMs: answer.callback.delayMs, body: answer.callback.body },
  };
}

/** One entry per scenario, first the call without the scenario header. */
export const panelScenarios = (op: Operation, fill?: Fill): PanelScenario[] => ["", ...op.scenarios.map((s) => s.key)].map((k) => entry(op, k, fill));
