// The handler of every developer endpoint, by id (lib/catalog/dev for their
// data). The gateway's dev steps run them after the token check.
import { getDevSettings, updateDevSettings } from "./settings";
import { addTestNumber, listTestNumbers, removeTestNumber } from "./test-numbers";
import type { DevHandler } from "./types";

export const devHandlers: Record<string, DevHandler> = {
  "dev.settings.get": async ({ app }) => ({ body: await getDevSettings(app.id) }),
  "dev.settings.update": async ({ app, input }) => ({ body: await updateDevSettings(app.id, input) }),
  "dev.test_numbers.list": async ({ app }) => ({ body: await listTestNumbers(app.id) }),
  "dev.test_numbers.add": async ({ app, input }) => ({ body: await addTestNumber(app.id, input) }),
  "dev.test_numbers.remove": async ({ app, params }) => ({ body: await removeTestNumber(app.id, { id: params.id }) }),
};
