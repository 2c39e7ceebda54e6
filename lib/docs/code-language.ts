// The language of a code block the docs show, as a Markdown fence's info
// string names it (json, sh, js, python, …): on the page as the <pre>'s
// `data-lang` (components/docs/snippet.tsx, components/ui/code.tsx), which the
// Markdown twin writes after its fence (markdown.ts). A block that names its
// language keeps it; the others are read from their title and text here.

/** The fence names of the languages a block may name (Sample.lang, a recipe's language). */
const ALIASES: Record<string, string> = {
  node: "js", javascript: "js", typescript: "ts", python: "python", php: "php", java: "java", shell: "sh", bash: "sh", curl: "sh", yaml: "yaml", json: "json",
};

const SHELL_START = /^(\$ |#!\/bin\/|curl |npm |npx |node |export |eval |pip3? |python3? |php |java |javac |mvn |composer |cd |git |docker |SANDBOX_\w+=)/m;

export function codeLanguage(code: string, title = "", named?: string): string {
  if (named) return ALIASES[named.toLowerCase()] ?? named.toLowerCase();
  const t = title.toLowerCase();
  const inParens = /\((javascript|typescript|python|php|java)\)/.exec(t)?.[1];
  if (inParens) return ALIASES[inParens]!;
  if (/\.(mjs|cjs|js)\b|\bnode\b/.test(t)) return "js";
  if (/\.(mts|ts)\b/.test(t)) return "ts";
  if (/\.ya?ml\b|github actions|gitlab ci/.test(t)) return "yaml";
  const trimmed = code.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      JSON.parse(trimmed);
      return "json";
    } catch {
      if (trimmed.split("\n").every((l) => { try { JSON.parse(l); return true; } catch { return l.trim() === ""; } })) return "json";
    }
  }
  if (/\bcurl\b|shell|terminal|install|download|environment|\bsh\b|bash/.test(t) || SHELL_START.test(trimmed)) return "sh";
  return "text";
}
