// Work asked for during one turn of the event loop, run together: one `run`
// per key with every item asked for under that key, each caller answered its
// own result. The PostgreSQL gateway store counts one app's concurrent calls
// and writes log-only rows this way (one statement instead of one each);
// SQLite's group commit (lib/db/sqlite.ts) does the same for every write of a turn.

type Waiter<T, R> = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };

/**
 * `run(items)` (the items of one key) answers one result per item, in order; when it throws,
 * every item of that batch gets the error.
 */
export function perTurn<T, R>(keyOf: (item: T) => string, run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let pending = new Map<string, Waiter<T, R>[]>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batches = pending;
    pending = new Map();
    for (const waiters of batches.values()) {
      run(waiters.map((w) => w.item)).then(
        (results) => waiters.forEach((w, i) => w.resolve(results[i]!)),
        (e: unknown) => waiters.forEach((w) => w.reject(e)),
      );
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      const key = keyOf(item);
      const waiters = pending.get(key);
      if (waiters) waiters.push({ item, resolve, reject });
      else pending.set(key, [{ item, resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
