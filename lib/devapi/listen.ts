// The listeners' endpoints (lib/catalog/devapi/listen-endpoints.ts): the stream
// of an app's callbacks after a cursor, and the report of what the local server
// answered. A stream holds a slot (held-connections.ts) until it ends, and reads when woken:
// at once when this process's inspector stored an entry (inboxWakeups), within
// a poll when another instance did (the app's one poller, watch.ts), and every
// BACKSTOP_MS regardless.
import { isApiError } from "@/lib/errors";
import { inboxWakeups } from "@/lib/inspector";
import { currentCursor, cursorText, FeedReader, parseCursor, resumeFrom } from "./listen-feed";
import { recordRelay } from "@/lib/inspector/relays";
import { checkHeld, takeHeld } from "./held-connections";
import type { DevHandler } from "./types";
import { watchInbox } from "./watch";

/** A stream reads at least this often, woken or not. */
const BACKSTOP_MS = 5_000;

export const streamCallbacks: DevHandler = async ({ app, input, headers }) => {
  // A query cursor wins over Last-Event-ID (the browser's EventSource sends the latter on reconnect).
  const start = parseCursor((input.after as string | undefined) ?? headers.get("last-event-id"));
  const all = input.all === "true";
  const foreign = input.foreign === "true";
  await checkHeld("stream", app.id); // 429 while it can still be a status; the slot is taken when the stream starts
  return {
    stream: async (sink) => {
      let release: () => void;
      try {
        release = await takeHeld("stream", app.id);
      } catch (e) {
        if (isApiError(e)) return sink.send("error", { error: e.code, message: e.message });
        throw e;
      }
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
