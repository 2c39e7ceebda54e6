// The "temporarily unavailable" page (./unavailable.ts serves it while the
// database is away): the 404's layout (app/not-found.tsx) in the portal's look,
// its logo, palette and dark scheme written here with no stylesheet, since it
// must not need Next. No imports: e2e/unavailable-page.ui.spec.ts loads it as it is.

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: the 404's layout (app/not-found.tsx), the palette's light values and, under prefers-color-scheme: dark, app/dark-scheme.css's. */
export function unavailablePage(requestId: string, again: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable · Svc Sandbox</title>
<style>
:root { color-scheme: light dark;
  --page: oklch(98.4% 0.003 247.858); --card: #fff; --text: oklch(20.8% 0.042 265.755); --muted: oklch(44.6% 0.043 257.281);
  --faint: oklch(55.4% 0.046 257.417); --line: oklch(92.9% 0.013 255.508); --mark: oklch(20.8% 0.042 265.755); --on-mark: #fff;
  --hover: oklch(37.2% 0.044 257.287); --focus: oklch(51.1% 0.262 276.966); }
@media (prefers-color-scheme: dark) { :root {
  --page: oklch(12.9% 0.042 264.695); --card: oklch(20.8% 0.042 265.755); --text: oklch(98.4% 0.003 247.858); --muted: oklch(86.9% 0.022 252.894);
  --faint: oklch(70.4% 0.04 256.788); --line: oklch(37.2% 0.044 257.287); --mark: oklch(98.4% 0.003 247.858); --on-mark: oklch(20.8% 0.042 265.755);
  --hover: oklch(86.9% 0.022 252.894); --focus: oklch(67.3% 0.182 276.935); } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--page); color: var(--text); -webkit-font-smoothing: antialiased;
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center; padding: 3rem 1rem; text-align: center; }
.logo { display: inline-flex; align-items: center; gap: .5rem; margin-bottom: 2rem; font-weight: 600; letter-spacing: -.025em; color: var(--text); text-decoration: none; }
.mark { display: flex; width: 1.75rem; height: 1.75rem; align-items: center; justify-content: center; border-radius: .375rem; background: var(--mark); color: var(--on-mark); font-size: .75rem; font-weight: 700; }
.code { margin: 0; font-size: .875rem; font-weight: 600; color: var(--muted); }
h1 { margin: .5rem 0 0; font-size: 1.5rem; line-height: 2rem; font-weight: 600; letter-spacing: -.025em; }
p.why { margin: .5rem 0 0; max-width: 24rem; font-size: .875rem; line-height: 1.25rem; color: var(--muted); }
.id { margin: 1.25rem 0 0; border: 1px solid var(--line); border-radius: .375rem; background: var(--card); padding: .375rem .75rem; font-size: .75rem; color: var(--faint); overflow-wrap: anywhere; }
.id code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; color: var(--muted); }
.again { margin-top: 1.5rem; display: inline-flex; height: 2.25rem; align-items: center; border-radius: .375rem; padding: 0 .875rem; background: var(--mark); color: var(--on-mark);
  font-size: .875rem; font-weight: 500; text-decoration: none; box-shadow: 0 1px 3px 0 rgb(0 0 0 / .1); }
.again:hover { background: var(--hover); }
a:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
</style>
</head>
<body>
<main id="main">
<a class="logo" href="/"><span class="mark" aria-hidden="true">S</span><span>Svc Sandbox</span></a>
<p class="code">503</p>
<h1>Temporarily unavailable</h1>
<p class="why">The portal cannot reach its database right now. Nothing you saved is lost: try again in a few seconds.</p>
<p class="id">If this lasts, quote request id <code>${html(requestId)}</code></p>
<a class="again" href="${html(again)}">Try again</a>
</main>
</body>
</html>
`;
}

