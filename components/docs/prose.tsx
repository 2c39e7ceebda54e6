// Typography for the docs pages.
import { isValidElement } from "react";
import { slug } from "@/lib/docs/anchors";

/** The text a node shows (strings and numbers, through elements' children). */
function textOf(node: React.ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: React.ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

export function H1({ children, eyebrow }: { children: React.ReactNode; eyebrow?: React.ReactNode }) {
  return (
    <header className="mb-6">
      {eyebrow && <p className="text-sm font-semibold text-emerald-700">{eyebrow}</p>}
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{children}</h1>
    </header>
  );
}

/** Its id is `id`, else its text's slug (the same rule as the docs search's, lib/docs/guides.ts), so every section can be linked. */
export function H2({ children, id }: { children: React.ReactNode; id?: string }) {
  return <h2 id={id ?? (slug(textOf(children)) || undefined)} className="mt-10 mb-3 scroll-mt-20 text-xl font-semibold tracking-tight text-slate-900">{children}</h2>;
}

export function H3({ children }: { children: React.ReactNode }) {
  return <h3 className="mt-6 mb-2 text-base font-semibold text-slate-900">{children}</h3>;
}

export function P({ children }: { children: React.ReactNode }) {
  return <p className="my-3 leading-7 text-slate-700">{children}</p>;
}

export function C({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">{children}</code>;
}

export function Ul({ children }: { children: React.ReactNode }) {
  return <ul className="my-3 list-disc space-y-1.5 pl-6 leading-7 text-slate-700">{children}</ul>;
}

/** A code sample with a title and a copy button. */
export { Snippet } from "./snippet";
