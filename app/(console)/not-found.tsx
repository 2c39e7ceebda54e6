import { ButtonLink } from "@/components/ui/button";

export default function ConsoleNotFound() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-sm font-semibold text-slate-500">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 text-sm text-slate-500">There is nothing here, or it belongs to another account.</p>
      <div className="mt-6"><ButtonLink href="/apps">Back to your apps</ButtonLink></div>
    </div>
  );
}
