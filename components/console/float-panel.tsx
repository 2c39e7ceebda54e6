"use client";
// The app's float on its Overview: the balances per currency (available, and
// reserved by payouts still QUEUED) and a form that sets what is available in
// one currency (the reserves stay). The same service as PUT /dev/v1/float/{currency}.
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/empty";
import { FormMessage, useFormAction } from "@/components/ui/form-action";
import { Field, Input, Select } from "@/components/ui/input";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import { CURRENCIES, FLOAT_MAX, type FloatBalance } from "@/lib/catalog/dev-endpoints";
import { appUrl, send } from "./api";
import { floatAmount as amount } from "./float-met";
import { useFloat } from "./hooks";
import { Writes } from "./permission";

export function FloatPanel({ appId }: { appId: string }) {
  const { data, error, isLoading, mutate } = useFloat(appId);
  const save = useFormAction(async (form: FormData) => {
    const balance = await send<FloatBalance>("POST", appUrl(appId, "/float"), { currency: form.get("currency"), available: Number(form.get("available")) });
    await mutate((d) => d && { balances: d.balances.map((b) => (b.currency === balance.currency ? balance : b)) }, { revalidate: false });
  }, ["currency", "available"] as const);
  return (
    <div id="float" className="scroll-mt-4">
      <Card>
        <CardHeader
          title="Float"
          description="What payouts are paid out of. An accepted payout moves its amount from available to reserved until it is DELIVERED; one larger than what is available runs float_low. Set it low to rehearse a float running out."
        />
        <CardBody>
          {error ? <ErrorNote error={error} onRetry={() => mutate()} /> : isLoading || !data ? <SkeletonRows rows={3} /> : (
            <Table label="Float balances">
              <thead><tr><Th>Currency</Th><Th className="text-right">Available</Th><Th className="text-right">Reserved</Th></tr></thead>
              <tbody>
                {data.balances.map((b) => (
                  <Tr key={b.currency}>
                    <Td className="font-medium">{b.currency}</Td>
                    <Td className="text-right tabular-nums">{amount(b.available)}</Td>
                    <Td className="text-right tabular-nums">{amount(b.reserved)}</Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
          )}
          <Writes note>
          <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start" {...save.form}>
            <Field label="Currency" className="sm:w-32" error={save.fieldError("currency")}>
              {(p) => <Select {...p} name="currency" defaultValue="KES">{CURRENCIES.map((c) => <option key={c}>{c}</option>)}</Select>}
            </Field>
            <Field label="Available" className="flex-1" error={save.fieldError("available")} hint={`A whole number from 0 to ${amount(FLOAT_MAX)}; reserves stay.`}>
              {(p) => <Input {...p} name="available" type="number" inputMode="numeric" min={0} step={1} required placeholder="1000000" />}
            </Field>
            <Button type="submit" variant="secondary" busy={save.pending} className="sm:mt-6">Set float</Button>
          </form>
          </Writes>
          <FormMessage className="mt-2" error={save.error} saved={save.saved && "Saved."} />
        </CardBody>
      </Card>
    </div>
  );
}
