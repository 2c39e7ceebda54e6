// Path templates (`/collect/v1/push/{checkoutId}`): one matcher for the
// operations and the developer endpoints.

export type CompiledPath = { regex: RegExp; names: string[] };

export function compilePath(template: string): CompiledPath {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { regex: new RegExp(`^${pattern}/?$`), names };
}

/** The template's parameters in `path` (percent-decoded where valid), or null when it does not match. */
export function matchPath({ regex, names }: CompiledPath, path: string): Record<string, string> | null {
  const m = regex.exec(path);
  if (!m) return null;
  const params: Record<string, string> = {};
  names.forEach((n, i) => {
    const raw = m[i + 1]!;
    try {
      params[n] = decodeURIComponent(raw);
    } catch {
      params[n] = raw;
    }
  });
  return params;
}
