"use client";
// The Testing tab's fault plan: which calls of an operation get which fault
// without an X-Svc-Fault header (PATCH /api/console/apps/[appId]/dev-settings
// `faultPlan`, the same service as the API, MCP and the CLI). Adding or
// removing a rule saves the whole list; the plan's numbering starts again.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { Field, Input, Select } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import type { DevSettings, FaultPlanRule } from "@/lib/catalog/dev-endpoints";
import { appUrl, send } from "./api";
import { useDevSettings } from "./hooks";

type Kind = "every" | "first" | "probability";
const KINDS: { kind: Kind; label: string; amount: string; placeholder: string }[] = [
  { kind: "every", label: "every Nth call", amount: "N", placeholder: "3" },
  { kind: "first", label: "first N calls", amount: "N", placeholder: "1" },
  { kind: "probability", label: "seeded probability", amount: "Probability (0–1)", placeholder: "0.2" },
];

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;

/** A rule's `when` in words. */
export function whenText(w: FaultPlanRule["when"]): string {
  if (w.every !== undefined) return w.every === 1 ? "every call" : `every ${ordinal(w.every)} call`;
  if (w.first !== undefined) return w.first === 1 ? "the first call" : `the first ${w.first} calls`;
  return `${Math.round((w.probability ?? 0) * 1000) / 10}% of calls, seed ${w.seed ?? 0}`;
}

function useSavePlan(appId: string) {
  const { mutate } = useDevSettings(appId);
  return (faultPlan: FaultPlanRule[]) => mutate(send<DevSettings>("PATCH", appUrl(appId, "/dev-settings"), { faultPlan }), { revalidate: false });
}

function AddRule({ appId, plan, operations, faults }: { appId: string; plan: FaultPlanRule[]; operations: string[]; faults: readonly string[] }) {
  const save = useSavePlan(appId);
  const [kind, setKind] = useState<Kind>("every");
  const k = KINDS.find((x) => x.kind === kind)!;
  const add = useFormAction(async (data: FormData) => {
    const amount = Number(String(data.get("amount") ?? "").trim() || Number.NaN);
    const seed = String(data.get("seed") ?? "").trim();
    const when = kind === "probability" ? { probability: amount, seed: seed === "" ? 0 : Number(seed) } : { [kind]: amount };
    await save([...plan, { operation: String(data.get("operation")), fault: String(data.get("fault")), when } as FaultPlanRule]);
  });
  return (
    <form aria-label="Add a fault rule" className="space-y-3" {...add.form}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field label="Operation">{(p) => <Select {...p} name="operation" defaultValue="collect.push">{operations.map((o) => <option key={o}>{o}</option>)}</Select>}</Field>
        <Field label="Fault">{(p) => <Select {...p} name="fault" defaultValue="lost_response">{faults.map((f) => <option key={f}>{f}</option>)}</Select>}</Field>
        <Field label="When">
          {(p) => (
            <Select {...p} name="kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              {KINDS.map((x) => <option key={x.kind} value={x.kind}>{x.label}</option>)}
            </Select>
          )}
        </Field>
        <Field label={k.amount}>{(p) => <Input {...p} name="amount" required inputMode="decimal" placeholder={k.placeholder} className="font-mono" />}</Field>
        {kind === "probability" && <Field label="Seed">{(p) => <Input {...p} name="seed" inputMode="numeric" placeholder="0" className="font-mono" />}</Field>}
      </div>
      <FormMessage error={add.error} />
      <Button type="submit" busy={add.pending}>Add rule</Button>
    </form>
  );
}

function RemoveRule({ appId, plan, index }: { appId: string; plan: FaultPlanRule[]; index: number }) {
  const save = useSavePlan(appId);
  const r = plan[index]!;
  const remove = useFormAction(() => save(plan.filter((_, i) => i !== index)));
  return (
    <Button variant="ghost" size="sm" busy={remove.pending} aria-label={`Remove rule ${index + 1}: ${r.fault} on ${r.operation}, ${whenText(r.when)}`} onClick={() => void remove.run()}>
      Remove
    </Button>
  );
}

export function FaultPlanPanel({ appId, operations, faults, max }: { appId: string; operations: string[]; faults: readonly string[]; max: number }) {
  const { data, error, isLoading, mutate } = useDevSettings(appId);
  const plan = data?.faultPlan ?? [];
  return (
    <Card>
      <CardHeader
        title="Fault plan"
        description={
          <>
            Rehearse production&apos;s failures with your unchanged test suite: calls of an operation without an <code className="font-mono">X-Svc-Fault</code> header
            get the fault of the first rule that picks their number (1, 2, 3… since the plan was saved). The header wins. At most {max} rules.
            The Go live tab&apos;s client checks judge what your client did.
          </>
        }
      />
      {error && <div className="p-5"><ErrorNote error={error} onRetry={() => mutate()} /></div>}
      {isLoading && <SkeletonRows rows={2} />}
      {data && plan.length === 0 && (
        <EmptyState title="No fault plan">
          For example: <code className="font-mono">collect.push</code>, <code className="font-mono">lost_response</code>, every 3rd call.
        </EmptyState>
      )}
      {plan.length > 0 && (
        <Table label="Fault plan">
          <thead>
            <tr><Th>Fault</Th><Th wide>Operation</Th><Th wide>When</Th><Th><span className="sr-only">Actions</span></Th></tr>
          </thead>
          <tbody>
            {plan.map((r, i) => (
              <Tr key={`${i}-${r.operation}-${r.fault}`}>
                <Td className="font-mono text-xs">
                  {r.fault}
                  <span className="block whitespace-normal text-slate-500 md:hidden">{r.operation} · {whenText(r.when)}</span>
                </Td>
                <Td wide className="font-mono text-xs">{r.operation}</Td>
                <Td wide className="text-xs">{whenText(r.when)}</Td>
                <Td className="text-right"><RemoveRule appId={appId} plan={plan} index={i} /></Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      {data && plan.length < max && (
        <CardBody className="border-t border-slate-100">
          <AddRule appId={appId} plan={plan} operations={operations} faults={faults} />
        </CardBody>
      )}
    </Card>
  );
}
