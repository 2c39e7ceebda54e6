import { describe, expect, it } from "vitest";
import { makeConfig } from "@/lib/config";

// SMTP_URL (lib/mail): an smtp:// or smtps:// URL, checked when the settings are read, so a
// typo stops the server at start with a clear message instead of failing each mail later.
describe("SMTP_URL", () => {
  it("takes an smtp:// or smtps:// URL, or nothing", () => {
    expect(makeConfig({ SMTP_URL: "smtp://mailer:secret@mail.example.test:587" }).smtpUrl).toBe("smtp://mailer:secret@mail.example.test:587");
    expect(makeConfig({ SMTP_URL: "smtps://mail.example.test" }).smtpUrl).toBe("smtps://mail.example.test");
    expect(makeConfig({ SMTP_URL: "" }).smtpUrl).toBeUndefined();
  });

  it("refuses anything else, without echoing a password", () => {
    for (const raw of ["mail.example.test:587", "https://mailer:s3cret@mail.example.test", "smtp//x"]) {
      expect(() => makeConfig({ SMTP_URL: raw })).toThrow(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      try {
        makeConfig({ SMTP_URL: raw });
      } catch (e) {
        expect((e as Error).message).not.toContain("s3cret");
      }
    }
  });
});
