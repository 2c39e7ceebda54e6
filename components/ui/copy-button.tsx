"use client";
import { useState } from "react";
import { Button } from "./button";

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers and insecure origins: the selection fallback.
    const el = document.createElement("textarea");
    el.value = text;
    el.setAttribute("readonly", "");
    el.style.position = "fixed";
    el.style.opacity = "0";
    document.body.appendChild(el);
    el.select();
    document.execCommand("copy");
    el.remove();
  }
}

export function CopyButton({ value, label = "Copy", what }: { value: string; label?: string; what?: string }) {
  const [done, setDone] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={what ? `Copy ${what}` : label}
      onClick={async () => {
        await copy(value);
        setDone(true);
        setTimeout(() => setDone(false), 1500);
      }}
    >
      {done ? "Copied" : label}
      <span className="sr-only" aria-live="polite">{done ? "Copied to the clipboard" : ""}</span>
    </Button>
  );
}

/** A monospace value with its copy button. */
export function CopyField({ value, what, className }: { value: string; what: string; className?: string }) {
  return (
    <div className={`flex min-w-0 items-center gap-2 ${className ?? ""}`}>
      <code className="min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1.5 font-mono text-xs text-slate-800" title={value}>
        {value}
      </code>
      <CopyButton value={value} what={what} />
    </div>
  );
}
