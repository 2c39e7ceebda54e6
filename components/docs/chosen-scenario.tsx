"use client";
// The scenario chosen on an operation page, shared by the scenario table, the
// side panel's sample and response, and the try-it form (one state, no copies).
// A link to a scenario's row (#scenario-<key>, e.g. from the docs search)
// chooses it too, on arrival and on a hash change within the page.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { SCENARIO_ANCHOR_PREFIX } from "@/lib/docs/anchors";

type Send = () => Promise<void>;
type Chosen = { scenario: string; choose: (key: string) => void; send: React.RefObject<Send | null> };

const ChosenContext = createContext<Chosen | null>(null);

export function ChosenScenario({ children }: { children: React.ReactNode }) {
  const [scenario, choose] = useState("");
  const send = useRef<Send | null>(null);
  useEffect(() => {
    // Only a scenario of this operation has its row (the anchor) on the page.
    const fromHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (hash.startsWith(SCENARIO_ANCHOR_PREFIX) && document.getElementById(hash)) choose(hash.slice(SCENARIO_ANCHOR_PREFIX.length));
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, []);
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
