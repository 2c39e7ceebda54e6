// The listeners' endpoints (lib/catalog/dev-endpoints/listen-endpoints.ts): the stream
// of an app's callbacks after a cursor, and the report of what the local server
// answered. A stream takes its slot (held-connections.ts) before its answer's
// head, so past a cap it answers 429, and holds it until it ends; it reads when woken:
// at once when this process's inspector stored an entry (inboxWakeups), within
// a poll when another instance did (the app's one poller, watch.ts), and every
// BACKSTOP_MS regardless.
import { inboxWakeups } from "@/lib/inspector";
import { currentCursor, cursorText, FeedReader, parseCursor, resumeFrom } from "./listen-feed";
import { recordRelay } from "@/lib/inspector/relays";
import { takeHeld } from "./held-connections";
import type { DevHandler } from "./types";
import { watchInbox } from "./watch";

/** A stream reads at least this often, woken or not. */
const BACKSTOP_MS = 5_000;
/** A slot whose stream never started (its call was answered with an error after the handler) is given back after this long. */
const UNSTARTED_MS = 30_000;

export const streamCallbacks: DevHandler = async ({ app, input, headers }) => {
  // A query cursor wins over Last-Event-ID (the browser's EventSource sends the latter on reconnect).
  const start = parseCursor((input.after as string | undefined) ?? headers.get("last-event-id"));
  const all = input.all === "true";
  const foreign = input.foreign === "true";
  const release = await takeHeld("stream", app.id);
  const unstarted = setTimeout(release, UNSTARTED_MS).unref();
  return {
    stream: async (sink) => {
      clearTimeout(unstarted);
      const unwatch = watchInbox(app.id, all);
      try {
        const { cursor, resumed } = start ? await resumeFrom(start) : { cursor: await currentCursor(app.id), resumed: false };
        sink.send("ready", { appId: app.id, cursor: cursorText(cursor), all, foreign, resumed }, cursorText(cursor));
        const feed = new FeedReader(app.id, cursor, { all, foreign });
        while (!sink.signal.aborted) {
          const batch = await feed.next();
          for (const e of batch.events) sink.send(e.source, e, e.cursor);
          if (!batch.more) await inboxWakeups.wait(app.id, BACKSTOP_MS, sink.signal);
        }
      } finally {
        unwatch();
        release();
      }
    },
  };
};

export const reportRelay: DevHandler = async ({ app, input }) => ({ body: await recordRelay(app.id, input) });
