"use client";
// "On this page": the page's h2 headings (and h3s with ids, as /docs/dev's
// groups), read from the rendered page, with the one in view marked. Beside
// the page on wide screens (xl), a disclosure above it on smaller ones; none on
// short pages (unless the page sets data-toc-min, as a developer API group page
// of one endpoint does) and on operation pages (their side panel takes the right column).
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

type Item = { id: string; text: string; level: 2 | 3 };
const MIN_ITEMS = 3;

function useHeadings(): Item[] {
  const pathname = usePathname();
  const [items, setItems] = useState<Item[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headings are read again when the page changes.
  useEffect(() => {
    const main = document.getElementById("main");
    if (!main || main.querySelector("[data-reference]")) return setItems([]);
    const found = [...main.querySelectorAll<HTMLHeadingElement>("h2[id], h3[id]")]
      .filter((h) => !h.closest("[data-toc-skip]"))
      .map((h) => ({ id: h.id, text: h.textContent?.trim() ?? "", level: h.tagName === "H2" ? 2 : 3 }) as Item);
    const min = Number(main.querySelector("[data-toc-min]")?.getAttribute("data-toc-min")) || MIN_ITEMS;
    setItems(found.length >= min ? found : []);
  }, [pathname]);
  return items;
}

/** The heading last scrolled past the header. */
function useCurrent(items: Item[]): string | undefined {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    if (!items.length) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let at = items[0]!.id;
      for (const i of items) if ((document.getElementById(i.id)?.getBoundingClientRect().top ?? 0) < 120) at = i.id;
      setCurrent(at);
    };
    const onScroll = () => { frame ||= requestAnimationFrame(update); };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => { window.removeEventListener("scroll", onScroll); cancelAnimationFrame(frame); };
  }, [items]);
  return current;
}

function Links({ items, current }: { items: Item[]; current?: string }) {
  return (
    <ul className="space-y-0.5 border-l border-slate-200">
      {items.map((i) => (
        <li key={i.id}>
          <a href={`#${i.id}`} aria-current={i.id === current ? "location" : undefined}
            className={`-ml-px block border-l-2 py-1 text-sm leading-snug hover:text-slate-900 ${i.level === 3 ? "pl-6 text-[13px]" : "pl-3"} ${i.id === current ? "border-emerald-600 font-medium text-emerald-800" : "border-transparent text-slate-600"}`}>
            {i.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Toc({ variant }: { variant: "side" | "top" }) {
  const items = useHeadings();
  const current = useCurrent(items);
  if (!items.length) return null;
  if (variant === "top") {
    return (
      <details className="mb-6 rounded-lg border border-slate-200 bg-white px-4 py-2.5 xl:hidden">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">On this page</summary>
        <nav aria-label="On this page" className="mt-3 mb-1 max-h-80 overflow-y-auto"><Links items={items} current={current} /></nav>
      </details>
    );
  }
  return (
    <nav aria-label="On this page" className="hidden w-56 shrink-0 xl:block">
      <div className="sticky top-[4.5rem] max-h-[calc(100vh-5.5rem)] overflow-y-auto pb-6">
        <p className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</p>
        <Links items={items} current={current} />
      </div>
    </nav>
  );
}
