// What a failed call says to the reader: the one rule for error notes, form
// lines and field messages (components/ui/form-action.tsx, empty.tsx ErrorNote).

/** One invalid field, as a route names it in its error body's `details` (lib/errors.ts ErrorBody). */
export type FieldIssue = { field: string; message: string };

/** Field names that are abbreviations: at the start of a sentence they are written in capitals ("URL must be…", never "Url"). */
const ABBREVIATIONS: Record<string, string> = { url: "URL", id: "ID" };

/**
 * A message as a sentence: upper-case first letter, unless it starts with a
 * field's name as written (`delayMs`, `body.phoneNumber`), which stays as it
 * is; a field named by an abbreviation (`url`) is written in capitals. Also
 * the sign-in and recovery pages' messages (app/(auth)).
 */
export function sentence(s: string): string {
  if (/^[a-z]+[A-Z.]/.test(s)) return s;
  const first = /^[a-z]+(?=\s|$)/.exec(s)?.[0];
  if (first && ABBREVIATIONS[first]) return ABBREVIATIONS[first] + s.slice(first.length);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The error's message as a sentence; a failed fetch (TypeError) in plain words, not "Failed to fetch". */
export function errorText(e: unknown): string {
  if (e instanceof TypeError) return "The console could not be reached. Check your connection and try again.";
  if (e instanceof Error && e.message) return sentence(e.message);
  return "Something went wrong.";
}

/** The fields a failure names, each message as a sentence (components/console/api.ts ConsoleError carries them). */
export function fieldIssues(e: unknown): FieldIssue[] {
  const details: unknown = e instanceof Error ? (e as { details?: unknown }).details : undefined;
  return Array.isArray(details) ? details.map((d: FieldIssue) => ({ field: d.field, message: sentence(d.message) })) : [];
}
