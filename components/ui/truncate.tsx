import { cn } from "./cn";

/**
 * A long value (an app's name, a key, an id) cut short with an ellipsis where
 * it does not fit, whole on hover (`title`) and when selected and copied (the
 * text is all there; only its drawing is cut). `className` sets the widest it
 * may be, e.g. `max-w-[8rem] sm:max-w-xs`: a table cell does not cap its content.
 */
export function Truncated({ value, className }: { value: string; className?: string }) {
  return <span title={value} className={cn("block min-w-0 truncate", className)}>{value}</span>;
}
