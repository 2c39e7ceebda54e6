// The listeners' endpoints (lib/catalog/dev/listen.ts): the stream of an app's
// callbacks after a cursor, and the report of what the local server answered.
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors";
import { inboxWakeups } from "@/lib/inspector";
import { currentCursor, cursorText, FeedReader, parseCursor, POLL_MS, resumeFrom } from "./listen-feed";
import { recordRelay } from "@/lib/inspector/relays";
import { Slots } from "./slots";
import type { DevHandler } from "./types";

/** Open streams per app in this process (bounded: config.listenStreamsPerApp). */
const open = new Slots(config.listenStreamsPerApp);
const refusal = () =>
  new ApiError("RATE_LIMITED", `at most ${config.listenStreamsPerApp} listeners of one app may be connected at once; stop one and try again`, { "retry-after": "5" });

export const streamCallbacks: DevHandler = async ({ app, input, headers }) => {
  // A query cursor wins over Last-Event-ID (the browser's EventSource sends the latter on reconnect).
  const start = parseCursor((input.after as string | undefined) ?? headers.get("last-event-id"));
  const all = input.all === "true";
  const foreign = input.foreign === "true";
  if (open.full(app.id)) throw refusal();
  return {
    stream: async (sink) => {
      if (!open.take(app.id)) return sink.send("error", { error: "RATE_LIMITED", message: refusal().message });
      try {
        const { cursor, resumed } = start ? await resumeFrom(start) : { cursor: await currentCursor(app.id), resumed: false };
        sink.send("ready", { appId: app.id, cursor: cursorText(cursor), all, foreign, resumed }, cursorText(cursor));
        const feed = new FeedReader(app.id, cursor, { all, foreign });
        while (!sink.signal.aborted) {
          const batch = await feed.next();
          for (const e of batch.events) sink.send(e.source, e, e.cursor);
          if (!batch.more) await inboxWakeups.wait(app.id, POLL_MS, sink.signal);
        }
      } finally {
        open.release(app.id);
      }
    },
  };
};

export const reportRelay: DevHandler = async ({ app, input }) => ({ status: 201, body: await recordRelay(app.id, input) });
