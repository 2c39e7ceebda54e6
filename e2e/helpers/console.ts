// Console e2e helpers: users and data through the operator command line (the
// same service functions as the console), sign-in through the real form or,
// where sign-in is not the subject, over HTTP (startSession), gateway calls over
// real HTTP, and screenshots at desktop and phone widths.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { signInOverHttp } from "../../tests/helpers/from-address";
import { operatorSession, requestToken } from "../../tests/helpers/operator";

const root = path.resolve(import.meta.dirname, "..", "..");
export const E2E_DB = process.env.E2E_DB ?? "data/test-e2e.db";
export const origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210)}`;
export const PASSWORD = "correct horse battery";

export const uniqueEmail = (tag = "u") => `${tag}-${randomBytes(5).toString("hex")}@example.com`;

/** The operator command line against the e2e server's database, one process kept for this worker. */
const operator = operatorSession(`file:./${E2E_DB}`, origin);

/** One operator command; its JSON. */
export async function cli(...args: string[]): Promise<any> {
  return (await operator.run([args]))[0];
}

/** A user without apps; returns the email (password PASSWORD). */
export async function seedUser(opts: { operator?: boolean } = {}): Promise<string> {
  const email = uniqueEmail(opts.operator ? "op" : "u");
  await cli("user", "create", "--email", email, "--password", PASSWORD, ...(opts.operator ? ["--operator"] : []));
  return email;
}

/** One app (and optionally a key pair and groups) for a new user, or for the existing user `email`: the commands in one operator process. */
export async function seedApp(opts: { email?: string; name?: string; groups?: string[]; keys?: boolean; operator?: boolean } = {}) {
  const email = opts.email ?? uniqueEmail(opts.operator ? "op" : "u");
  const answers = await operator.run([
    ...(opts.email ? [] : [["user", "create", "--email", email, "--password", PASSWORD, ...(opts.operator ? ["--operator"] : [])]]),
    ["app", "create", "--owner", email, "--name", opts.name ?? "Seeded app"],
    ...(opts.groups ?? []).map((g) => ["subscribe", "--app", "{appId}", "--group", g]),
    ...(opts.keys ? [["key", "create", "--app", "{appId}"]] : []),
  ]);
  const app = answers[opts.email ? 0 : 1]!;
  const keys = opts.keys ? answers.at(-1)! : null;
  return { email, appId: app.appId!, inspectorUrl: app.inspectorUrl!, keys: keys as { consumerKey: string; consumerSecret: string } | null };
}

/** Signs in through the form at /signin and waits for /apps: for tests whose subject is signing in (else startSession). */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/apps$/);
}

/**
 * `page`'s browser context signed in as `email` without the form: the request
 * the form sends (Auth.js's credentials endpoint, tests/helpers/from-address.ts
 * signInOverHttp), its session cookie added to the context. The page stays where
 * it is. For tests whose subject is not signing in; console-auth and recovery
 * sign in through the form (signIn).
 */
export async function startSession(page: Page, email: string, password = PASSWORD) {
  const r = await signInOverHttp(origin, email, password);
  if (!r.session) throw new Error(`signing in as ${email} over HTTP answered ${r.status} (${r.location}) without a session`);
  const eq = r.session.indexOf("=");
  await page.context().addCookies([{ name: r.session.slice(0, eq), value: r.session.slice(eq + 1), url: origin, httpOnly: true, sameSite: "Lax" }]);
}

/** Waits until the console page's client panels show their data: no "Loading" placeholder (components/ui/skeleton.tsx SkeletonRows) left. */
export async function panelsLoaded(page: Page) {
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
}

/** Signs up `email` through the form, on the suite's server or on the portal at `site` (a spec's own). */
export async function signUp(page: Page, email = uniqueEmail(), site = "") {
  await page.goto(`${site}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/apps$/);
  return email;
}

// --- the gateway, as an integrator calls it ---

export async function fetchToken(consumerKey: string, consumerSecret: string) {
  const r = await requestToken(origin, consumerKey, consumerSecret);
  return { status: r.status, body: (await r.json()) as { access_token?: string; error?: string } };
}

export async function gatewayCall(token: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${origin}/sandbox${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, requestId: r.headers.get("x-request-id")!, body: (await r.json()) as any };
}

export const collectBody = (over: Record<string, unknown> = {}) => ({
  shortCode: "174379",
  amount: 100,
  currency: "KES",
  phoneNumber: "254712345678",
  reference: `INV-${randomBytes(4).toString("hex")}`,
  ...over,
});

/**
 * The newest link to `path` (e.g. "/invite/") in a mail to `to` that the portal
 * wrote to its log (no SMTP_URL: the server's stdout, `${E2E_DB}.log` by
 * playwright.config.ts), waited for with a generous deadline.
 */
export async function mailedLink(to: string, pathPrefix: string): Promise<string> {
  const file = path.resolve(root, `${E2E_DB}.log`);
  let link: string | undefined;
  await expect.poll(() => {
    const log = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    const mails = log.split(`the mail to ${to} is written here instead`).slice(1);
    const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    link = mails.map((m) => new RegExp(`https?://[^\\s"]+${escaped}[\\w-]+`).exec(m)?.[0]).filter(Boolean).at(-1);
    return link;
  }, { timeout: 30_000 }).toBeTruthy();
  return link!;
}

// --- screenshots ---

/**
 * The current page at desktop (1280×800) and phone (390×844) widths, into
 * e2e/screenshots/, for a person to look at (nothing compares them): taken when
 * E2E_SCREENSHOTS=1, so a run that only checks spends nothing on them.
 */
export async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [label, vp] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(vp);
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky top bar stays on top in a full-page shot
    await page.waitForTimeout(150); // let the layout settle
    await page.screenshot({ path: path.join(root, "e2e", "screenshots", `console-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}
