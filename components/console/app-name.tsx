// An app name's limit, said as the name is typed: a counter, and what is wrong
// once it is longer (the field does not cut a paste short without a word).
import { cn } from "@/components/ui/cn";

/** The most an app name may be (lib/services/schemas.ts refuses a longer one). */
export const APP_NAME_MAX = 64;

/** What is wrong with `name`'s length, or null. */
export const nameTooLong = (name: string) =>
  name.length > APP_NAME_MAX ? `${name.length - APP_NAME_MAX} character${name.length - APP_NAME_MAX === 1 ? "" : "s"} too long: a name has at most ${APP_NAME_MAX}.` : null;

/** "12/64", red past the limit. */
export function NameCount({ name, className }: { name: string; className?: string }) {
  const over = name.length > APP_NAME_MAX;
  return (
    <span className={cn("text-xs tabular-nums", over ? "font-medium text-red-600" : "text-slate-500", className)}>
      {name.length}/{APP_NAME_MAX}<span className="sr-only"> characters</span>
    </span>
  );
}
