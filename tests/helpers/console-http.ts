// The console as a browser without JavaScript uses it, over real HTTP from a
// chosen loopback address: the sign-up form (a server action, posted as the
// form's own fields; any other server-action form the same way), and the console's
// JSON routes with a session cookie.
import { expect } from "vitest";
import { requestFrom, setCookies, type RawReply } from "./from-address";

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

/** The hidden fields of the form on `url` (a server-action form: the `$ACTION…` fields, and the form's own). */
export async function formFields(url: string, from = "127.0.0.1"): Promise<[string, string][]> {
  const page = await requestFrom(from, url);
  const fields = hiddenFields(page.text);
  if (!fields.some(([n]) => n.startsWith("$ACTION"))) throw new Error(`no server-action fields on ${url}`);
  return fields;
}

/** The sign-up form's hidden fields on `origin` (read once per origin). */
async function signUpForm(origin: string, from: string) {
  let fields = formCache.get(origin);
  if (!fields) {
    fields = await formFields(`${origin}/signup`, from);
    formCache.set(origin, fields);
  }
  return fields;
}

/**
 * Posts a server-action form to `url` as a browser without JavaScript does
 * (multipart: the form's hidden fields, then `fields`).
 */
export async function postForm(url: string, hidden: [string, string][], fields: Record<string, string>, from = "127.0.0.1"): Promise<RawReply> {
  const form = new FormData();
  for (const [n, v] of hidden) form.append(n, v);
  for (const [n, v] of Object.entries(fields)) form.append(n, v);
  const body = new Response(form);
  const type = body.headers.get("content-type")!;
  return requestFrom(from, url, { method: "POST", headers: { "content-type": type }, body: await body.text() });
}

/**
 * Submits the sign-up form as a browser without JavaScript does. Resolves with
 * the reply; a created account answers a redirect (303) into the console with a session cookie.
 */
export async function signUpOverHttp(origin: string, email: string, password: string, from = "127.0.0.1"): Promise<RawReply> {
  return postForm(`${origin}/signup`, await signUpForm(origin, from), { email, password }, from);
}

/** A console JSON route with a session cookie, from `from`. */
export function consoleCall(origin: string, cookie: string, method: string, path: string, body?: unknown, from = "127.0.0.1"): Promise<RawReply> {
  return requestFrom(from, `${origin}/api/console${path}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** An account a test signed up over HTTP from its own address, with its session cookie. */
export type HttpAccount = { email: string; cookie: string; address: string };

/** Signs up `<prefix>-<random>@example.com` from `address` on `origin`'s portal: the account, signed in. */
export async function signedUpAccount(origin: string, prefix: string, password: string, address: string): Promise<HttpAccount> {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const r = await signUpOverHttp(origin, email, password, address);
  expect(r.status, r.text.slice(0, 300)).toBe(303);
  return { email, cookie: setCookies(r).find((c) => c.includes("session-token="))!, address };
}

/** The JSON of a reply that has `status` (200 unless said), else the test fails with the reply's text. */
export async function okJson(r: Promise<RawReply>, status = 200) {
  const got = await r;
  expect(got.status, got.text).toBe(status);
  return got.json;
}
