// Passkeys in the browser (issue 45 item 3), with Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain through
// context.newCDPSession): a passkey added on the Account page under a name,
// listed; signed out; signed in with the passkey alone ("Sign in with a
// passkey", no email, no password); its last use listed; removed. Browsers
// refuse an IP address as the relying party, and the suite's server is
// http://127.0.0.1:PORT, so this spec starts a portal of its own on its own
// database without PUBLIC_URL or HOST: its public URL is then
// http://localhost:<port>, the local default, and its relying party
// `localhost`. Without WebAuthn the button is disabled and says why.
// axe clean at 1280 and 390 px; photographed with E2E_SCREENSHOTS=1
// (e2e/screenshots/console-passkeys-*).
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { advanceClock, removeDb, type RunningServer, startServer } from "../tests/helpers/server";
import { seriousViolations } from "./helpers/axe";
import { PASSWORD, shoot, signUp, uniqueEmail } from "./helpers/console";

const root = path.resolve(import.meta.dirname, "..");
const DB = path.join(root, "data", `test-e2e-passkeys-${process.env.E2E_PORT ?? "3210"}.db`);
let portal: RunningServer;
/** The portal's public origin: http://localhost:<port>. */
let site: string;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  removeDb(DB);
  // HOST and PUBLIC_URL unset: the portal listens on 127.0.0.1 and its public URL is http://localhost:<port>.
  // On a test clock: adding a passkey needs a sign-in of the last 10 minutes (the last test moves past it).
  portal = await startServer({ dbFile: DB, env: { HOST: "" }, testClock: true });
  site = `http://localhost:${portal.port}`;
  expect(portal.log()).toContain(`portal on ${site} `);
});
test.afterAll(async () => {
  await portal?.stop();
  removeDb(DB);
});

async function axeClean(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page, where)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A virtual platform authenticator (resident keys, user verification, presence simulated) for the context's pages. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

test("a passkey added on the Account page signs in alone after signing out; its last use is listed; removed", async ({ context, page }) => {
  const authenticator = await virtualAuthenticator(context, page);
  const email = await signUp(page, uniqueEmail("pk"), site);

  await page.goto(`${site}/account`);
  await expect(page.getByText(/^None yet\. A passkey signs in alone/)).toBeVisible();
  await axeClean(page, "account: passkeys, none");
  await page.getByLabel("Name").fill("Chromium's virtual authenticator");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Chromium's virtual authenticator");
  await expect(list).toContainText("Never used");
  // The authenticator holds it as a discoverable credential for localhost, for this account.
  const [held] = await authenticator.credentials();
  expect(held).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await axeClean(page, "account: a passkey listed");
  await shoot(page, "passkeys-account");

  // Signed out, then in with the passkey alone.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(`${site}/`);
  await page.goto(`${site}/signin`);
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(button).toBeEnabled();
  await axeClean(page, "sign-in with the passkey button");
  await shoot(page, "passkeys-signin");
  await button.click();
  await expect(page).toHaveURL(/\/apps$/);

  await page.goto(`${site}/account`);
  await expect(list).toContainText("Last used");
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Removed: it signs in no more.
  await list.getByRole("button", { name: "Remove passkey Chromium's virtual authenticator" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove passkey" }).click();
  await expect(list).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(`${site}/`);
  await page.goto(`${site}/signin`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not signed in" })).toContainText("this passkey is not registered on any account here");
  await expect(page).toHaveURL(/\/signin$/);
  await axeClean(page, "sign-in: passkey refused");
  await shoot(page, "passkeys-signin-refused");
});

test("without WebAuthn in the browser the button is disabled and says why", async ({ page }) => {
  await page.addInitScript(() => {
    // A browser without WebAuthn: no PublicKeyCredential.
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });
  await page.goto(`${site}/signin`);
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(button).toBeDisabled();
  await expect(page.getByText("This browser cannot use passkeys")).toBeVisible();
  await expect(button).toHaveAccessibleDescription(/cannot use passkeys/);
  await axeClean(page, "sign-in: no WebAuthn");
  await shoot(page, "passkeys-no-webauthn");
});

test("a session signed in more than 10 minutes ago is asked to sign in again before it adds a passkey, and comes back to the page", async ({ context, page }) => {
  await virtualAuthenticator(context, page);
  const email = await signUp(page, uniqueEmail("pk-again"), site);

  await advanceClock(portal.origin, (await advanceClock(portal.origin, 0)) + 11 * 60_000);
  await page.goto(`${site}/account/security`);
  await page.getByLabel("Name").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Sign in again to add a passkey" });
  await expect(alert).toContainText("a sign-in of the last 10 minutes");
  await axeClean(page, "security: sign in again to add a passkey");
  await shoot(page, "passkeys-sign-in-again");

  await alert.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/signin\?next=%2Faccount%2Fsecurity$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await page.getByLabel("Name").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem")).toHaveCount(1);
});
