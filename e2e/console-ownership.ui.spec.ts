// A user sees and changes only their own apps. Another user's
// app id answers 404 on every page and every JSON route, and nothing changes.
import { expect, test } from "@playwright/test";
import { collectBody, fetchToken, gatewayCall, origin, seedApp, startSession } from "./helpers/console";

test("another user's app: 404 on pages and JSON routes, and it stays as it was", async ({ page, request }) => {
  const victim = await seedApp({ name: "Victim app", groups: ["Payments"], keys: true });
  const token = (await fetchToken(victim.keys!.consumerKey, victim.keys!.consumerSecret)).body.access_token!;
  const call = await gatewayCall(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: victim.inspectorUrl }));
  expect(call.status).toBe(202);

  // Signed out: the JSON routes answer 401 with the error body.
  const anon = await request.get(`/api/console/apps/${victim.appId}`);
  expect(anon.status()).toBe(401);
  expect((await anon.json()).error).toBe("UNAUTHENTICATED");

  const intruder = await seedApp({ name: "Intruder app" });
  await startSession(page, intruder.email);
  await page.goto("/apps");
  await expect(page.getByText("Victim app")).toHaveCount(0);

  for (const p of ["", "/keys", "/subscriptions", "/callbacks", "/requests", "/inspector", `/requests/${call.requestId}`]) {
    const r = await page.goto(`/apps/${victim.appId}${p}`);
    expect(r?.status(), `page /apps/<victim>${p}`).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }

  const api = `/api/console/apps/${victim.appId}`;
  const headers = { origin };
  const attempts = [
    page.request.get(api),
    page.request.get(`${api}/signing-secret`),
    page.request.get(`${api}/keys`),
    page.request.get(`${api}/subscriptions`),
    page.request.get(`${api}/deliveries`),
    page.request.get(`${api}/requests`),
    page.request.get(`${api}/requests/${call.requestId}`),
    page.request.get(`${api}/inbox`),
    page.request.patch(api, { data: { callbackUrl: "https://evil.example.com" }, headers }),
    page.request.post(`${api}/keys`, { headers }),
    page.request.post(`${api}/keys/${victim.keys!.consumerKey}/revoke`, { headers }),
    page.request.post(`${api}/subscriptions`, { data: { group: "Identity" }, headers }),
    page.request.delete(api, { headers }),
    // Invalid input on another user's app still says only "not found".
    page.request.get(`${api}/requests?status=9xx`),
  ];
  for (const r of await Promise.all(attempts)) {
    expect(r.status(), r.url()).toBe(404);
    const body = await r.json();
    expect(body.error).toBe("NOT_FOUND");
    expect(body.requestId).toMatch(/^req_/);
  }

  // The victim's key pair through the intruder's own app: not found either.
  const own = `/api/console/apps/${intruder.appId}`;
  expect((await page.request.post(`${own}/keys/${victim.keys!.consumerKey}/revoke`, { headers })).status()).toBe(404);
  expect((await page.request.get(`${own}/requests/${call.requestId}`)).status()).toBe(404);

  // The victim's app is untouched: its key still works, nothing was added.
  expect((await fetchToken(victim.keys!.consumerKey, victim.keys!.consumerSecret)).status).toBe(200);
  const ctx = await page.context().browser()!.newContext();
  const vp = await ctx.newPage();
  await startSession(vp, victim.email);
  const apps = await (await vp.request.get("/api/console/apps")).json();
  expect(apps).toHaveLength(1);
  expect(apps[0].callbackUrl).toBeNull();
  expect(await (await vp.request.get(`${api}/keys`)).json()).toHaveLength(1);
  const subs = await (await vp.request.get(`${api}/subscriptions`)).json();
  expect(subs.filter((s: { status: string | null }) => s.status).map((s: { group: string }) => s.group)).toEqual(["Payments"]);
  await ctx.close();
});

test("writes from another site are refused", async ({ page }) => {
  const { email, appId } = await seedApp();
  await startSession(page, email);
  const r = await page.request.delete(`/api/console/apps/${appId}`, { headers: { origin: "https://evil.example.com" } });
  expect(r.status()).toBe(403);
  expect((await page.request.get(`/api/console/apps/${appId}`)).status()).toBe(200);
});
