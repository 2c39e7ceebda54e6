"use client";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { GATEWAY_FAULT_NAMES } from "@/lib/engine/gateway-faults";
import { Segmented } from "./filter-bar";
import type { RequestFilterValues } from "./hooks";

export type FilterOptions = { operations: { id: string; label: string }[]; scenarios: string[]; errors: string[] };

const CLASSES = [
  { value: undefined, label: "All" },
  { value: "2xx", label: "2xx" },
  { value: "4xx", label: "4xx" },
  { value: "5xx", label: "5xx" },
];

type Set = (k: keyof RequestFilterValues, v: string | undefined) => void;

/** A labelled control; the label names it by id, so its options never join its name. */
function Labelled({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id} className="shrink-0">{label}</label>
      {children(id)}
    </div>
  );
}

function Choice({ label, value, onChange, any, options, className }: { label: string; value?: string; onChange: (v?: string) => void; any: string; options: { value: string; label: string }[]; className?: string }) {
  return (
    <Labelled label={label}>
      {(id) => (
        <Select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)} className={`py-1.5 ${className ?? ""}`}>
          <option value="">{any}</option>
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </Select>
      )}
    </Labelled>
  );
}

/** A request id goes to the exact filter; anything else is searched in paths and bodies. */
export function RequestFilters({ values, set, options }: { values: RequestFilterValues; set: Set; options: FilterOptions }) {
  const [search, setSearch] = useState(values.requestId ?? values.q ?? "");
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3 lg:flex-row lg:flex-wrap lg:items-center">
      <Segmented label="Status class" options={CLASSES} value={values.status} onChange={(v) => set("status", v)} />
      <Choice label="Operation" value={values.operation} onChange={(v) => set("operation", v)} any="Any operation" className="lg:w-64"
        options={options.operations.map((o) => ({ value: o.id, label: o.label }))} />
      <Choice label="Scenario" value={values.scenario} onChange={(v) => set("scenario", v)} any="Any scenario" className="lg:w-44"
        options={options.scenarios.map((s) => ({ value: s, label: s }))} />
      <Choice label="Fault" value={values.fault} onChange={(v) => set("fault", v)} any="All calls" className="lg:w-48"
        options={[{ value: "any", label: "Any fault" }, ...GATEWAY_FAULT_NAMES.map((f) => ({ value: f, label: f }))]} />
      <Choice label="Error" value={values.error} onChange={(v) => set("error", v)} any="Any error" className="lg:w-56"
        options={options.errors.map((s) => ({ value: s, label: s }))} />
      <Labelled label="From">
        {(id) => <Input id={id} type="date" value={values.from ?? ""} onChange={(e) => set("from", e.target.value || undefined)} className="py-1.5 lg:w-40" />}
      </Labelled>
      <Labelled label="Before">
        {(id) => <Input id={id} type="date" value={values.to ?? ""} onChange={(e) => set("to", e.target.value || undefined)} className="py-1.5 lg:w-40" />}
      </Labelled>
      <form
        role="search"
        className="flex items-center gap-2 lg:ml-auto"
        onSubmit={(e) => {
          e.preventDefault();
          const s = search.trim();
          const isId = /^req_[A-Za-z0-9]+$/.test(s);
          set("requestId", isId ? s : undefined);
          set("q", !isId && s ? s : undefined);
        }}
      >
        <label htmlFor="request-search" className="sr-only">Search calls</label>
        <Input id="request-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Request id, reference, phone, resource id…" className="py-1.5 lg:w-72" />
        <Button type="submit" variant="secondary">Find</Button>
      </form>
    </div>
  );
}
