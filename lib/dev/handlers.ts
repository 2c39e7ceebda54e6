// The handler of every developer endpoint, by id (lib/catalog/dev for their
// data). The gateway's dev steps run them after the token check.
import { reportRelay, streamCallbacks } from "./listen";
import { getDevSettings, updateDevSettings } from "./settings";
import type { DevHandler } from "./types";

export const devHandlers: Record<string, DevHandler> = {
  "dev.settings.get": async ({ app }) => ({ body: await getDevSettings(app.id) }),
  "dev.settings.update": async ({ app, input }) => ({ body: await updateDevSettings(app.id, input) }),
  "dev.listen.stream": streamCallbacks,
  "dev.listen.relay": reportRelay,
};
