// "Sign in with <name>" in the browser (issue 45 item 4) against a real OpenID
// provider: oidc-provider in this process over HTTPS with a certificate made
// here (tests/helpers/oidc-idp.ts). The portal is one of this spec's own, started
// with the OIDC settings and NODE_EXTRA_CA_CERTS, so its server-side calls to the
// provider use the real trust; Chromium accepts the test certificate through
// `ignoreHTTPSErrors`. A verified email joins the existing account (its app is
// there) and the listed group makes it an operator; an unverified one is refused
// on the sign-in page. axe clean at 1280 and 390 px; photographed with
// E2E_SCREENSHOTS=1 (e2e/screenshots/console-sso-*).
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { consoleCall, signUpOverHttp } from "../tests/helpers/console-http";
import { setCookies } from "../tests/helpers/from-address";
import { makeCertificate, startIdp, type TestCertificate, type TestIdp } from "../tests/helpers/oidc-idp";
import { removeDb, type RunningServer, startServer } from "../tests/helpers/server";
import { seriousViolations } from "./helpers/axe";

const NAME = "Acme Staff SSO";
const PASSWORD = "correct horse battery";
const root = path.resolve(import.meta.dirname, "..");
const dbFile = path.join(root, "data", `test-e2e-sso-${process.pid}.db`);
let cert: TestCertificate;
let idp: TestIdp;
let portal: RunningServer;

test.describe.configure({ mode: "serial" }); // one provider and one portal; `idp.as` picks who signs in next
test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  cert = makeCertificate();
  idp = await startIdp(cert);
  portal = await startServer({
    dbFile,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "portal-client-secret-for-tests",
      OIDC_NAME: NAME,
      OIDC_OPERATOR_GROUPS: "sandbox-operators",
      NODE_EXTRA_CA_CERTS: cert.caFile,
    },
  });
  idp.serve([{ client_id: "portal", client_secret: "portal-client-secret-for-tests", redirect_uris: [`${portal.origin}/api/auth/callback/oidc`] }]);
});
test.afterAll(async () => {
  await portal?.stop();
  await idp?.close();
  removeDb(dbFile);
  fs.rmSync(cert.dir, { recursive: true, force: true });
});

async function axeClean(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page, where)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  for (const [label, vp] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(vp);
    await page.screenshot({ path: path.join(root, "e2e", "screenshots", `console-sso-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** An account made with a password on this spec's portal, with one app. */
async function passwordAccount(tag: string) {
  const email = `sso-${tag}-${Date.now().toString(36)}@example.com`;
  const r = await signUpOverHttp(portal.origin, email, PASSWORD);
  expect(r.status).toBe(303);
  const cookie = setCookies(r).find((c) => c.includes("session-token="))!;
  const app = await consoleCall(portal.origin, cookie, "POST", "/apps", { name: `Made with a password ${tag}` });
  expect(app.status, app.text).toBe(201);
  return { email, appName: app.json.name as string };
}

test("Sign in with the provider: a verified email joins the existing account, the listed group makes an operator", async ({ page }) => {
  const { email, appName } = await passwordAccount("join");
  idp.as({ sub: "staff-1", email, email_verified: true, groups: ["sandbox-operators"] });
  await page.goto(`${portal.origin}/signin`);
  const button = page.getByRole("button", { name: `Sign in with ${NAME}` });
  await expect(button).toBeVisible();
  await axeClean(page, "sign-in with single sign-on");
  await shoot(page, "signin");

  await button.click();
  await page.waitForURL(`${portal.origin}/apps`);
  await expect(page.getByText(appName)).toBeVisible();
  await expect(page.getByRole("link", { name: "Operator" })).toBeVisible();
  await axeClean(page, "apps after single sign-on");
  await shoot(page, "signed-in");
});

test("Sign in with the provider: an unverified email is refused on the sign-in page, with no session", async ({ page }) => {
  const { email } = await passwordAccount("refused");
  idp.as({ sub: "someone-else", email, email_verified: false });
  await page.goto(`${portal.origin}/signin`);
  await page.getByRole("button", { name: `Sign in with ${NAME}` }).click();
  await page.waitForURL(/\/signin\?error=sso_unverified$/);
  await expect(page.getByRole("alert").filter({ hasText: `${NAME} did not confirm that this email address is yours` })).toBeVisible();
  await axeClean(page, "sign-in: single sign-on refused");
  await shoot(page, "refused");
  await page.goto(`${portal.origin}/apps`);
  await expect(page).toHaveURL(`${portal.origin}/signin`);
});
