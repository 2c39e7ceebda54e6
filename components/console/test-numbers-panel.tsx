"use client";
// The Testing tab's test numbers: "when this field of this operation equals
// this value, run this scenario" (the same service as the API, MCP and CLI).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { Field, Input, Select } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import type { TestNumber } from "@/lib/engine/types";
import { appUrl, send } from "./api";
import { useTestNumbers } from "./hooks";

export type OperationChoice = { id: string; label: string; fields: string[]; scenarios: { key: string; summary: string }[] };

/** The example the empty list shows, which the form starts from (its value as the placeholder). */
const EXAMPLE = { operationId: "collect.push", operation: "Collect push", field: "body.phoneNumber", value: "254700000001", scenario: "cancelled" };

function AddForm({ appId, operations }: { appId: string; operations: OperationChoice[] }) {
  const { mutate } = useTestNumbers(appId);
  const start = operations.find((o) => o.id === EXAMPLE.operationId) ?? operations[0]!;
  const [opId, setOpId] = useState(start.id);
  const op = operations.find((o) => o.id === opId)!;
  const [field, setField] = useState(start.fields.includes(EXAMPLE.field) ? EXAMPLE.field : (start.fields[0] ?? ""));
  const [scenario, setScenario] = useState(start.scenarios.some((s) => s.key === EXAMPLE.scenario) ? EXAMPLE.scenario : (start.scenarios[0]?.key ?? ""));
  const [value, setValue] = useState("");
  const add = useFormAction(async () => {
    await mutate(send<{ testNumbers: TestNumber[] }>("POST", appUrl(appId, "/test-numbers"), { operationId: opId, field, value, scenario }), { revalidate: false });
    setValue("");
  }, ["operationId", "field", "value", "scenario"]);
  const pickOperation = (id: string) => {
    const next = operations.find((o) => o.id === id)!;
    setOpId(id);
    setField(next.fields[0] ?? "");
    setScenario(next.scenarios[0]?.key ?? "");
  };
  return (
    <form
      aria-label="Add a test number"
      className="space-y-3"
      {...add.form}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Operation" error={add.fieldError("operationId")}>
          {(p) => (
            <Select {...p} name="operationId" value={opId} onChange={(e) => pickOperation(e.target.value)}>
              {operations.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
            </Select>
          )}
        </Field>
        <Field label="Field" error={add.fieldError("field")}>
          {(p) => (
            <Select {...p} name="field" value={field} onChange={(e) => setField(e.target.value)}>
              {op.fields.map((f) => <option key={f} value={f}>{f}</option>)}
            </Select>
          )}
        </Field>
        <Field label="Value" error={add.fieldError("value")}>
          {(p) => <Input {...p} name="value" required maxLength={64} value={value} placeholder={EXAMPLE.value} onChange={(e) => setValue(e.target.value)} className="font-mono" />}
        </Field>
        <Field label="Scenario" error={add.fieldError("scenario")}>
          {(p) => (
            <Select {...p} name="scenario" value={scenario} onChange={(e) => setScenario(e.target.value)}>
              {op.scenarios.map((s) => <option key={s.key} value={s.key}>{s.key} — {s.summary}</option>)}
            </Select>
          )}
        </Field>
      </div>
      <FormMessage error={add.error} />
      <Button type="submit" busy={add.pending}>Add test number</Button>
    </form>
  );
}

function RemoveButton({ appId, n }: { appId: string; n: TestNumber }) {
  const { mutate } = useTestNumbers(appId);
  // A failed removal (say, removed elsewhere already) shows the list as it now is.
  const remove = useFormAction(() =>
    mutate(send<{ testNumbers: TestNumber[] }>("DELETE", appUrl(appId, `/test-numbers/${encodeURIComponent(n.id)}`)), { revalidate: false }));
  return (
    <Button
      variant="ghost"
      size="sm"
      busy={remove.pending}
      aria-label={`Remove test number ${n.value} (${n.operationId} ${n.field})`}
      onClick={async () => {
        if (!(await remove.run())) await mutate();
      }}
    >
      Remove
    </Button>
  );
}

export function TestNumbersPanel({ appId, operations, max }: { appId: string; operations: OperationChoice[]; max: number }) {
  const { data, error, isLoading, mutate } = useTestNumbers(appId);
  const list = data?.testNumbers ?? [];
  const labelOf = (id: string) => operations.find((o) => o.id === id)?.label ?? id;
  return (
    <Card>
      <CardHeader
        title="Test numbers"
        description={<>Pick a scenario by a value instead of a header or a magic value: when the field equals the value, the call runs the scenario. They rank after the <code className="font-mono">X-Svc-Scenario</code> header and before magic values. At most {max}.</>}
      />
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={2} />}
      {data && list.length === 0 && (
        <EmptyState title="No test numbers yet">For example: {EXAMPLE.operation}, <code className="font-mono">{EXAMPLE.field}</code> = <code className="font-mono">{EXAMPLE.value}</code> → <code className="font-mono">{EXAMPLE.scenario}</code>.</EmptyState>
      )}
      {list.length > 0 && (
        <Table label="Test numbers">
          <thead>
            <tr><Th>Value</Th><Th wide>Scenario</Th><Th wide>Operation</Th><Th wide>Field</Th><Th><span className="sr-only">Actions</span></Th></tr>
          </thead>
          <tbody>
            {list.map((n) => (
              <Tr key={n.id}>
                <Td className="font-mono text-xs">
                  {n.value}
                  <span className="block whitespace-normal text-slate-500 md:hidden">→ {n.scenarioKey} · {n.operationId} · {n.field}</span>
                </Td>
                <Td wide className="font-mono text-xs">{n.scenarioKey}</Td>
                <Td wide className="font-mono text-xs">{labelOf(n.operationId)}</Td>
                <Td wide className="font-mono text-xs">{n.field}</Td>
                <Td className="text-right"><RemoveButton appId={appId} n={n} /></Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <CardBody className="border-t border-slate-100">
        <AddForm appId={appId} operations={operations} />
      </CardBody>
    </Card>
  );
}
