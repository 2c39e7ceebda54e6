import { describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/clock";
import { makeConfig } from "@/lib/config";
import { config, enter, installRuntime, part, Runtime, runtime } from "@/lib/runtime";

describe("Runtime", () => {
  it("finds a part by its name, as a bundle's copy of a module names it", () => {
    const rt = new Runtime();
    const made = rt.of(part<{ n: number }>("counter"), () => ({ n: 1 }));
    const again = rt.of(part<{ n: number }>("counter"), () => ({ n: 2 })); // another Part object, the same name
    expect(again).toBe(made);
    rt.set(part<{ n: number }>("counter"), undefined);
    expect(rt.get(part<{ n: number }>("counter"))).toBeUndefined();
  });

  it("stops the last started first, each finished before the next, after aborting `stopping`", async () => {
    const rt = new Runtime();
    const order: string[] = [];
    rt.onStop(() => {
      order.push("post thread");
    });
    rt.onStop(async () => {
      expect(rt.stopping.aborted).toBe(true);
      await new Promise<void>((r) => setImmediate(r));
      order.push("dispatcher");
    });
    expect(rt.stopping.aborted).toBe(false);
    await rt.stop();
    expect(order).toEqual(["dispatcher", "post thread"]);
  });

  it("reads the clock it was made with", () => {
    const manual = new ManualClock();
    const rt = new Runtime(manual);
    const before = rt.clock.now();
    manual.advance(3_600_000);
    expect(rt.clock.now() - before).toBeGreaterThanOrEqual(3_600_000);
  });

  it("a process without an installed runtime gets a default one, and none can be installed after it was read", () => {
    const rt = runtime();
    expect(runtime()).toBe(rt);
    expect(() => installRuntime(new Runtime())).toThrow(/before/);
  });

  it("is the runtime entered around the work at hand, kept by its async continuations, its settings included", async () => {
    const a = new Runtime(new ManualClock(), makeConfig({ PUBLIC_URL: "https://a.example.test" }));
    const b = new Runtime(new ManualClock(), makeConfig({ PUBLIC_URL: "https://b.example.test" }));
    const later = () => new Promise<string>((r) => setTimeout(() => r(`${runtime() === a ? "a" : runtime() === b ? "b" : "?"} ${config.publicUrl}`), 1));
    const [fromA, fromB] = await Promise.all([enter(a, later), enter(b, later)]);
    expect(fromA).toBe("a https://a.example.test");
    expect(fromB).toBe("b https://b.example.test");
    expect(runtime()).not.toBe(a); // outside both: the process's default
  });
});
