// The overview's "Get started": four steps from a new app to a working
// integration, each ticked from the app's own data (read by the page:
// app/(console)/apps/[appId]/start-facts.ts) and linking to where it is done.
// Once all four are done it folds to one line that opens on click.
import Link from "@/components/ui/link";
import { cn } from "@/components/ui/cn";
import { Progress, Tick } from "./checklist-parts";

export type StartFacts = {
  /** An unrevoked key pair. */
  keyPair: boolean;
  /** Groups the app is subscribed to (ACTIVE), and those awaiting an operator's review. */
  groups: string[];
  pending: string[];
  /** A call answered 2xx is in the request log. */
  call: boolean;
  /** A callback was delivered (2xx) or reached the app's inspector. */
  callback: boolean;
  /** The docs' Try it of the first subscribed operation (or the docs' home). */
  tryIt: string;
};

type Step = { title: string; done: boolean; text: string; href: string; action: string };

function steps(appId: string, f: StartFacts): Step[] {
  const base = `/apps/${appId}`;
  const subscribed = f.groups.length > 0;
  return [
    f.keyPair
      ? { title: "Create a key pair", done: true, text: "Your code fetches its tokens with it.", href: `${base}/keys`, action: "Keys" }
      : { title: "Create a key pair", done: false, text: "Your code fetches a token with its key and secret.", href: `${base}/keys`, action: "Create a key pair" },
    subscribed
      ? { title: "Subscribe to an API", done: true, text: `Subscribed to ${f.groups.join(", ")}.`, href: `${base}/subscriptions`, action: "Subscriptions" }
      : {
          title: "Subscribe to an API",
          done: false,
          text: f.pending.length ? `${f.pending.join(", ")}: awaiting an operator's review.` : "Calls to an API you are not subscribed to answer 403.",
          href: `${base}/subscriptions`,
          action: f.pending.length ? "See its status" : "Choose an API",
        },
    f.call
      ? { title: "Make a first call", done: true, text: "A call succeeded: it is in the request log.", href: f.tryIt, action: "Try it in the docs" }
      : { title: "Make a first call", done: false, text: "Run one from the docs, signed in as you are.", href: f.tryIt, action: "Try it in the docs" },
    f.callback
      ? { title: "Receive a first callback", done: true, text: "A callback reached its address.", href: `${base}/inspector`, action: "Inspector" }
      : { title: "Receive a first callback", done: false, text: "Use the inspector address as callbackUrl and watch it arrive.", href: `${base}/inspector`, action: "Open the inspector" },
  ];
}

function StepList({ items }: { items: Step[] }) {
  const next = items.findIndex((s) => !s.done);
  return (
    <ol aria-label="Get started" className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((s, i) => (
        <li key={s.title} className={cn("flex gap-3 rounded-md border p-3", i === next ? "border-indigo-300 bg-indigo-50/50" : "border-slate-200")}>
          <Tick done={s.done} label={s.done ? "done" : "not done yet"} />
          <div className="min-w-0">
            <p className={cn("text-sm font-medium", s.done ? "text-slate-600" : "text-slate-900")}>{s.title}</p>
            <p className="mt-0.5 text-xs text-slate-600">{s.text}</p>
            <Link href={s.href} className={cn("mt-1.5 inline-block text-sm font-medium hover:underline", s.done ? "text-slate-600" : "text-indigo-700")}>
              {s.action}{s.done ? "" : " →"}
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}

const frame = "rounded-lg border border-slate-200 bg-white shadow-xs";

export function GetStarted({ appId, facts }: { appId: string; facts: StartFacts }) {
  const items = steps(appId, facts);
  const done = items.filter((s) => s.done).length;
  if (done === items.length) {
    return (
      <details className={cn("group", frame)}>
        <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 text-sm hover:bg-slate-50 sm:px-5 [&::-webkit-details-marker]:hidden">
          <Tick done label="done" />
          <span className="min-w-0 flex-1 truncate text-slate-700">
            <span className="font-medium text-slate-900">Set up.</span> All four steps done<span className="hidden sm:inline">: a key pair, an API, calls and callbacks</span>.
          </span>
          <span className="shrink-0 text-xs font-medium text-indigo-700 group-open:hidden">Show steps</span>
          <span className="hidden shrink-0 text-xs font-medium text-indigo-700 group-open:inline">Hide</span>
        </summary>
        <div className="border-t border-slate-100"><StepList items={items} /></div>
      </details>
    );
  }
  return (
    <section aria-labelledby="get-started-title" className={frame}>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <h2 id="get-started-title" className="text-base font-semibold text-slate-900">Get started</h2>
          <p className="mt-0.5 text-sm text-slate-500">Each step ticks itself off as your app does it.</p>
        </div>
        <div className="w-full sm:w-56"><Progress done={done} total={items.length} label="Steps done" /></div>
      </div>
      <StepList items={items} />
    </section>
  );
}
