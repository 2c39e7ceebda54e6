"use client";
// The scenario chosen on an operation page, shared by the scenario table, the
// side panel's sample and response, and the try-it form (one state, no copies).
import { createContext, useContext, useMemo, useRef, useState } from "react";

type Send = () => Promise<void>;
type Chosen = { scenario: string; choose: (key: string) => void; send: React.RefObject<Send | null> };

const ChosenContext = createContext<Chosen | null>(null);

export function ChosenScenario({ children }: { children: React.ReactNode }) {
  const [scenario, choose] = useState("");
  const send = useRef<Send | null>(null);
  const value = useMemo(() => ({ scenario, choose, send }), [scenario]);
  return <ChosenContext value={value}>{children}</ChosenContext>;
}

/** The shared choice; null outside an operation page (the try-it form then keeps its own). */
export const useChosenScenario = () => useContext(ChosenContext);

/** A scenario's key in the scenario table: picks it for the panel and the try-it form. */
export function ScenarioPick({ scenarioKey, label }: { scenarioKey: string; label: string }) {
  const chosen = useChosenScenario();
  const on = chosen?.scenario === scenarioKey;
  return (
    <button
      type="button"
      aria-pressed={on}
      title="Show this scenario's request and response"
      onClick={() => {
        chosen?.choose(scenarioKey);
        // In one column the panel is above the list: bring its answer into view.
        if (!window.matchMedia("(min-width: 1024px)").matches) document.getElementById("panel-response")?.scrollIntoView({ block: "center", behavior: "smooth" });
      }}
      className={`rounded px-1.5 py-0.5 font-mono text-xs whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600 ${on ? "bg-emerald-600 text-white" : "bg-slate-100 text-slate-900 hover:bg-emerald-50 hover:text-emerald-800"}`}
    >
      {label}
    </button>
  );
}
