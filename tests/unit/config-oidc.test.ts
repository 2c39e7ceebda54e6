import { describe, expect, it } from "vitest";
import { makeConfig } from "@/lib/config";

// Single sign-on's settings (lib/config.ts `oidc`): all three of issuer, client id and secret, or none.
describe("OIDC settings", () => {
  const full = { OIDC_ISSUER: "https://sso.example.com/realms/staff", OIDC_CLIENT_ID: "portal", OIDC_CLIENT_SECRET: "s" };

  it("none: no provider", () => {
    expect(makeConfig({}).oidc).toBeUndefined();
  });

  it("all three: the provider, its name (a default when unset) and the operator groups as a list", () => {
    expect(makeConfig(full).oidc).toEqual({ ...{ issuer: full.OIDC_ISSUER, clientId: "portal", clientSecret: "s" }, name: "single sign-on", operatorGroups: [] });
    const named = makeConfig({ ...full, OIDC_NAME: " Acme staff ", OIDC_OPERATOR_GROUPS: " ops , platform,, " }).oidc!;
    expect(named.name).toBe("Acme staff");
    expect(named.operatorGroups).toEqual(["ops", "platform"]);
  });

  it("one or two of the three, or an issuer that is not an https URL, stop the start with a message", () => {
    expect(() => makeConfig({ OIDC_ISSUER: full.OIDC_ISSUER })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
    expect(() => makeConfig({ ...full, OIDC_CLIENT_SECRET: "" })).toThrow(/together/);
    expect(() => makeConfig({ ...full, OIDC_ISSUER: "sso.example.com" })).toThrow(/OIDC_ISSUER must be the provider's issuer URL/);
    expect(() => makeConfig({ ...full, OIDC_ISSUER: "http://sso.example.com" })).toThrow(/must be an https:\/\/ URL/);
  });
});
