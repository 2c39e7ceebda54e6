import Link from "@/components/ui/link";
import { apis } from "@/lib/catalog";
import { DEV_GROUPS, devGroupHref } from "@/lib/docs/dev-groups";
import { GUIDES } from "@/lib/docs/guides";
import { apiHref, opHref, opsOf } from "@/lib/docs/urls";
import { MethodBadge } from "./method-badge";
import { NavLink } from "./nav-link";

/** Where a link sits; its colours (and the current page's) are NavLink's. */
const link = "block rounded-md px-2 py-1 text-sm";

function Nav() {
  return (
    <nav aria-label="Docs" className="space-y-6">
      <div>
        <p className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Guides</p>
        <ul className="mt-2 space-y-0.5">
          {GUIDES.map((g) => (
            <li key={g.href}>
              <NavLink className={link} href={g.href}>{g.label}</NavLink>
              {g.href === "/docs/dev" && (
                <ul aria-label="Developer API pages" className="mt-0.5 ml-2 space-y-0.5 border-l border-slate-200 pl-2">
                  {DEV_GROUPS.map((d) => <li key={d.slug}><NavLink className={`${link} leading-snug`} href={devGroupHref(d)}>{d.title}</NavLink></li>)}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
      {apis.map((api) => (
        <div key={api.id}>
          <Link href={apiHref(api)} className="flex items-baseline justify-between px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:text-slate-900">
            {api.name} <span className="font-mono font-normal normal-case">v{api.version}</span>
          </Link>
          <ul className="mt-2 space-y-0.5">
            {opsOf(api.id).map((op) => (
              <li key={op.id}>
                <NavLink className={`${link} flex items-center gap-2`} href={opHref(op)}>
                  <MethodBadge method={op.method} small />
                  <span className="min-w-0 leading-snug">{op.summary}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** Sidebar on wide screens; a collapsible menu on phones. */
export function Sidebar() {
  return (
    <>
      <details className="border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Docs menu</summary>
        <div className="mt-4 pb-2"><Nav /></div>
      </details>
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto px-4 py-6"><Nav /></div>
      </aside>
    </>
  );
}
