// lib/clock.ts: the test clock moves on when told and runs the timers due by then.
import { describe, expect, it } from "vitest";
import { every, ManualClock, realClock } from "@/lib/clock";

describe("ManualClock", () => {
  it("is real time plus what it was moved on, and runs the timers due by then at once, in order, once", () => {
    const c = new ManualClock();
    const start = c.now();
    const ran: string[] = [];
    c.after(60_000, () => ran.push("a minute"));
    c.after(1_000, () => ran.push("a second"));
    const cleared = c.after(2_000, () => ran.push("cleared"));
    cleared.clear();
    expect(c.advance(1_500)).toBeGreaterThanOrEqual(start + 1_500);
    expect(ran).toEqual(["a second"]);
    c.advance(60_000);
    c.advance(60_000);
    expect(ran).toEqual(["a second", "a minute"]);
  });

  it("a timer set by a timer that runs is on the clock too", () => {
    const c = new ManualClock();
    let rounds = 0;
    const round = () => {
      rounds++;
      c.after(1_000, round);
    };
    c.after(1_000, round);
    c.advance(1_000);
    c.advance(1_000);
    expect(rounds).toBe(2);
  });

  it("a timer not yet due after a move waits only what is left of it, in real time", async () => {
    const c = new ManualClock();
    const due = c.now() + 60_000;
    let fired = false;
    const ran = new Promise<number>((resolve) => c.after(60_000, () => { fired = true; resolve(c.now()); }));
    c.advance(59_000);
    expect(fired).toBe(false); // not due yet
    // It runs once what is left has passed in real time (about a second, within the test's 5 s, not the minute it was
    // set for), never before its due time. The clock is real time plus its moves, so the time between setting the timer
    // and moving the clock counts too; 1 ms is Date's rounding against the timer's monotonic clock.
    expect(await ran).toBeGreaterThanOrEqual(due - 1);
  });

  it("held, the time it reads stands still until moved; run, it goes on from there with real time", async () => {
    const c = new ManualClock();
    c.hold();
    const held = c.now();
    await new Promise((r) => setTimeout(r, 30));
    expect(c.now()).toBe(held);
    const ran: number[] = [];
    c.after(60_000, () => ran.push(c.now()));
    expect(c.advance(60_000)).toBe(held + 60_000); // the timer due by then runs, at the time moved to
    expect(ran).toEqual([held + 60_000]);
    c.run();
    const again = c.now();
    expect(again).toBeGreaterThanOrEqual(held + 60_000);
    expect(again).toBeLessThan(held + 60_000 + 1_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(c.now()).toBeGreaterThan(again);
  });

  it("held, a timer still runs after its real wait (a poll's round is not stopped), reading the time that stands", async () => {
    const c = new ManualClock();
    c.hold();
    const held = c.now();
    expect(await new Promise<number>((resolve) => c.after(20, () => resolve(c.now())))).toBe(held);
  });

  it("held longer than it was moved on, it runs again from real time, not behind it", async () => {
    const c = new ManualClock();
    c.hold();
    await new Promise((r) => setTimeout(r, 30));
    const before = Date.now();
    c.run();
    expect(c.now()).toBeGreaterThanOrEqual(before);
  });

  it("held, moves do not put off a timer's real wait (a poll's next round comes however often the clock is moved)", async () => {
    const c = new ManualClock();
    c.hold();
    let fired = false;
    c.after(50, () => { fired = true; });
    // a move of 0 every 10 ms (as each read of the time through the clock's control is): each would have re-armed the
    // timer for its whole wait again, and it would never have run
    for (let i = 0; i < 200 && !fired; i++) {
      await new Promise((r) => setTimeout(r, 10));
      c.advance(0);
    }
    expect(fired).toBe(true);
  });

  it("moves forward only", () => {
    const c = new ManualClock();
    expect(() => c.advance(-1)).toThrow(RangeError);
    expect(() => c.advance(Number.NaN)).toThrow(RangeError);
  });

  it("the real clock's timers run when real time has passed", async () => {
    const ran = await new Promise<boolean>((resolve) => realClock.after(5, () => resolve(true)));
    expect(ran).toBe(true);
  });
});

describe("every", () => {
  it("runs a round each time the clock passes one, and none after clear", () => {
    const manual = new ManualClock();
    let rounds = 0;
    const t = every(manual, 60_000, () => rounds++);
    manual.advance(30_000); // half a round (the clock is real time plus its moves: a millisecond's edge would race real time)
    expect(rounds).toBe(0);
    manual.advance(30_000);
    expect(rounds).toBe(1);
    manual.advance(60_000);
    expect(rounds).toBe(2);
    t.clear();
    manual.advance(600_000);
    expect(rounds).toBe(2);
  });
});
