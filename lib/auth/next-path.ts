// Where to go after sign-in: only a path of this site. Never an absolute or
// protocol-relative URL, and nothing a browser would rewrite into one
// (backslashes, or tabs and newlines it strips: "/\t/evil.example").
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u;

export function safeNext(v: unknown): string | null {
  return typeof v === "string" && v.length <= 2048 && SAME_SITE_PATH.test(v) ? v : null;
}
