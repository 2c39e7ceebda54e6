// Per-app slots in this process for the developer endpoints that hold a
// connection open (waits, streams): bounded, released when the holder ends.
export class Slots {
  private readonly taken = new Map<string, number>();
  constructor(readonly limit: number) {}

  full(appId: string): boolean {
    return (this.taken.get(appId) ?? 0) >= this.limit;
  }

  /** Takes one of the app's slots; false when all are taken. */
  take(appId: string): boolean {
    if (this.full(appId)) return false;
    this.taken.set(appId, (this.taken.get(appId) ?? 0) + 1);
    return true;
  }

  release(appId: string): void {
    const n = (this.taken.get(appId) ?? 1) - 1;
    if (n > 0) this.taken.set(appId, n);
    else this.taken.delete(appId);
  }
}
