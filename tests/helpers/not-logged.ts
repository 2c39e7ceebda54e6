// Secrets handed to a test (passkey challenges, TOTP secrets, recovery codes) must appear in no line a
// portal logged: checked once a file's tests have run (an afterAll), whichever ran and in whatever order.
import { afterAll, expect } from "vitest";

/** After the file's tests: none of `seen` in any line the portals (`portals()`, read then) logged. */
export function noneLoggedAfterAll(seen: readonly string[], portals: () => readonly ({ log(): string } | undefined)[]): void {
  afterAll(() => {
    const started = portals();
    if (started.some((p) => !p)) return; // not started: the set-up's failure is the one reported
    const logs = started.map((p) => p!.log()).join("");
    expect(logs).toMatch(/^request /m); // the log the routes wrote to
    expect(seen.filter((s) => logs.includes(s))).toEqual([]);
  });
}
