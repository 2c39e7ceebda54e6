// The console as a browser without JavaScript uses it, over real HTTP from a
// chosen loopback address: the sign-up form (a server action, posted as the
// form's own fields), and the console's JSON routes with a session cookie.
import { requestFrom, type RawReply } from "./from-address";

/** The hidden fields React renders into a server-action form (progressive enhancement). */
function hiddenFields(html: string): [string, string][] {
  const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  const out: [string, string][] = [];
  for (const m of form.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1]!;
    if (!/type="hidden"/.test(attrs)) continue;
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    const value = /value="([^"]*)"/.exec(attrs)?.[1] ?? "";
    if (name) out.push([name, value.replace(/&quot;/g, '"').replace(/&amp;/g, "&")]);
  }
  return out;
}

const formCache = new Map<string, [string, string][]>();

/** The sign-up form's hidden fields on `origin` (read once per origin). */
async function signUpForm(origin: string, from: string) {
  let fields = formCache.get(origin);
  if (!fields) {
    const page = await requestFrom(from, `${origin}/signup`);
    fields = hiddenFields(page.text);
    if (!fields.some(([n]) => n.startsWith("$ACTION"))) throw new Error(`no server-action fields on ${origin}/signup`);
    formCache.set(origin, fields);
  }
  return fields;
}

/**
 * Submits the sign-up form as a browser without JavaScript does (multipart,
 * the form's hidden action fields). Resolves with the reply; a created account
 * answers a redirect (303) into the console with a session cookie.
 */
export async function signUpOverHttp(origin: string, email: string, password: string, from = "127.0.0.1"): Promise<RawReply> {
  const form = new FormData();
  for (const [n, v] of await signUpForm(origin, from)) form.append(n, v);
  form.append("email", email);
  form.append("password", password);
  const body = new Response(form);
  const type = body.headers.get("content-type")!;
  return requestFrom(from, `${origin}/signup`, { method: "POST", headers: { "content-type": type }, body: await body.text() });
}

/** A console JSON route with a session cookie, from `from`. */
export function consoleCall(origin: string, cookie: string, method: string, path: string, body?: unknown, from = "127.0.0.1"): Promise<RawReply> {
  return requestFrom(from, `${origin}/api/console${path}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
