import { describe, expect, it } from "vitest";
import { makeConfig, reconfigured } from "@/lib/config";

// config.publicUrl's default, when PUBLIC_URL is not set: the origin this machine reaches the
// listener at. server/portal.ts reconfigures its runtime with the bound port (so PORT=0 ends up a real port).
describe("PUBLIC_URL's default", () => {
  const withEnv = (env: Record<string, string | undefined>) => makeConfig(env).publicUrl;

  it("is localhost on PORT, the bound one once listening", () => {
    expect(withEnv({ PUBLIC_URL: undefined, HOST: undefined, PORT: undefined })).toBe("http://localhost:3000");
    expect(withEnv({ PUBLIC_URL: undefined, HOST: undefined, PORT: "43117" })).toBe("http://localhost:43117");
    expect(reconfigured(makeConfig({ PORT: "0" }), { PORT: "43117" }).publicUrl).toBe("http://localhost:43117");
  });

  it("is the IPv4 loopback address HOST names; any other HOST keeps localhost (and the local callback policy)", () => {
    expect(withEnv({ PUBLIC_URL: undefined, HOST: "127.0.0.1", PORT: "43117" })).toBe("http://127.0.0.1:43117");
    expect(withEnv({ PUBLIC_URL: undefined, HOST: "127.0.0.9", PORT: "43117" })).toBe("http://127.0.0.9:43117");
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "127.0.0.1.example.test", ""]) {
      expect(withEnv({ PUBLIC_URL: undefined, HOST: host, PORT: "43117" })).toBe("http://localhost:43117");
    }
  });

  it("gives way to PUBLIC_URL, without its trailing slash", () => {
    expect(withEnv({ PUBLIC_URL: "https://sandbox.example.test/", HOST: "127.0.0.1", PORT: "0" })).toBe("https://sandbox.example.test");
  });

  it("set but empty, PUBLIC_URL is its default, not an empty origin; an empty DATA_DIR is refused, naming what to do", () => {
    expect(withEnv({ PUBLIC_URL: "", HOST: undefined, PORT: "43117" })).toBe("http://localhost:43117");
    expect(() => makeConfig({ DATA_DIR: "" })).toThrow(/^DATA_DIR is set but empty: unset it for the default \(.*data\) or name a folder/);
    expect(makeConfig({}).dataDir).toMatch(/[/\\]data$/);
  });

  it("refuses a PORT that is not a whole number from 0", () => {
    expect(() => withEnv({ PUBLIC_URL: undefined, PORT: "-1" })).toThrow('PORT must be an integer from 0, got "-1"');
    expect(() => withEnv({ PUBLIC_URL: undefined, PORT: "80a" })).toThrow(/PORT must be an integer from 0/);
  });
});
