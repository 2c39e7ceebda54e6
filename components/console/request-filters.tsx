"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Segmented } from "./filter-bar";
import type { RequestFilterValues } from "./hooks";

export type FilterOptions = { operations: { id: string; label: string }[]; scenarios: string[] };

const CLASSES = [
  { value: undefined, label: "All" },
  { value: "2xx", label: "2xx" },
  { value: "4xx", label: "4xx" },
  { value: "5xx", label: "5xx" },
];

export function RequestFilters({ values, set, options }: { values: RequestFilterValues; set: (k: keyof RequestFilterValues, v: string | undefined) => void; options: FilterOptions }) {
  const [search, setSearch] = useState(values.requestId ?? "");
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3 lg:flex-row lg:flex-wrap lg:items-center">
      <Segmented label="Status class" options={CLASSES} value={values.status} onChange={(v) => set("status", v)} />
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <span className="shrink-0">Operation</span>
        <Select value={values.operation ?? ""} onChange={(e) => set("operation", e.target.value || undefined)} className="py-1.5 lg:w-64">
          <option value="">Any operation</option>
          {options.operations.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
        </Select>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <span className="shrink-0">Scenario</span>
        <Select value={values.scenario ?? ""} onChange={(e) => set("scenario", e.target.value || undefined)} className="py-1.5 lg:w-44">
          <option value="">Any scenario</option>
          {options.scenarios.map((s) => <option key={s} value={s}>{s}</option>)}
        </Select>
      </label>
      <form
        role="search"
        className="flex items-center gap-2 lg:ml-auto"
        onSubmit={(e) => {
          e.preventDefault();
          set("requestId", search.trim() || undefined);
        }}
      >
        <label htmlFor="request-id-search" className="sr-only">Request id</label>
        <Input id="request-id-search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="req_… request id" className="py-1.5 font-mono lg:w-60" />
        <Button type="submit" variant="secondary">Find</Button>
      </form>
    </div>
  );
}
