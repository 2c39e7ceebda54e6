import Link from "@/components/ui/link";
import { cn } from "./cn";

type Variant = "primary" | "secondary" | "danger" | "dangerOutline" | "ghost";
type Size = "sm" | "md";

const base =
  "inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 whitespace-nowrap";
const variants: Record<Variant, string> = {
  primary: "bg-slate-900 text-white shadow-sm hover:bg-slate-700",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-500",
  dangerOutline: "border border-red-200 bg-white text-red-700 shadow-xs hover:bg-red-50",
  ghost: "text-slate-700 hover:bg-slate-100",
};
const sizes: Record<Size, string> = { sm: "h-8 px-2.5 text-xs", md: "h-9 px-3.5 text-sm" };

export function buttonClass(variant: Variant = "primary", size: Size = "md", extra?: string) {
  return cn(base, variants[variant], sizes[size], extra);
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size; busy?: boolean };

export function Button({ variant, size, busy, className, children, disabled, type = "button", ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="size-3 motion-safe:animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />}
      {children}
    </button>
  );
}

export function ButtonLink({ href, variant, size, className, children }: { href: string; variant?: Variant; size?: Size; className?: string; children: React.ReactNode }) {
  return (
    <Link href={href} className={buttonClass(variant, size, className)}>
      {children}
    </Link>
  );
}
