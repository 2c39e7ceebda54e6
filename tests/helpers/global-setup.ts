import type { TestProject } from "vitest/node";
import { removeDb, startServer, type RunningServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    origin: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  const dbFile = process.env.TEST_DB_FILE!;
  removeDb(dbFile);
  // Lower token-throttle limits would collide across files; the throttle test uses its own key.
  server = await startServer({ dbFile });
  project.provide("origin", server.origin);
}

export async function teardown() {
  await server?.stop();
}
