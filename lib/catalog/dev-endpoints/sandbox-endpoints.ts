// Throwaway sandboxes: one call gives a test run (a CI job) an app of its own,
// made from the calling app and gone after its TTL. The service is
// lib/services/sandboxes.ts; the sweeper lib/services/sandbox-sweep.ts.
import { z } from "zod";
import { config } from "@/lib/runtime";
import type { DevEndpoint } from "./endpoint";

export const SANDBOX_TTL_MIN_S = 10;
export const SANDBOX_TTL_MAX_S = 86_400;

const ttlRule = `ttlSeconds must be a whole number of seconds from ${SANDBOX_TTL_MIN_S} to ${SANDBOX_TTL_MAX_S}`;

export const sandboxInputSchema = z.strictObject({
  ttlSeconds: z.number({ error: ttlRule }).int({ error: ttlRule }).min(SANDBOX_TTL_MIN_S, { error: ttlRule }).max(SANDBOX_TTL_MAX_S, { error: ttlRule })
    .meta({ description: `How long the sandbox lives, in seconds (${SANDBOX_TTL_MIN_S} to ${SANDBOX_TTL_MAX_S}, i.e. up to 24 hours).` }),
  name: z.string({ error: "name must be text" }).optional()
    .meta({ description: "Its name, following the console's rule for app names (default: the parent's name + \" sandbox\")." }),
});

const appId = z.string().meta({ description: "The sandbox's app id (`app_…`)." });
const expiresAt = z.string().meta({ description: "When it ends (ISO 8601 UTC): from then on its keys and tokens are refused, and within a minute it is deleted with all its data." });
const inspectorUrl = z.string().meta({ description: "The sandbox's own inspector address: use it as callbackUrl to see its callbacks in its own inbox." });

export const sandboxCreatedSchema = z.object({
  appId,
  name: z.string(),
  consumerKey: z.string().meta({ description: "The sandbox's key pair: fetch tokens with it like with any app's keys." }),
  consumerSecret: z.string().meta({ description: "Shown this once; stored only as a hash." }),
  signingSecret: z.string().meta({ description: "The secret its callbacks are signed with (`whsec_…`)." }),
  inspectorUrl,
  expiresAt,
});

export const sandboxListSchema = z.object({
  sandboxes: z.array(z.object({ appId, name: z.string(), inspectorUrl, expiresAt, createdAt: z.string() }))
    .meta({ description: "The calling app's live sandboxes, the first to end first." }),
});

const exampleId = "app_4vQm2kT9sX1bZr8LpN3yWc";

export const sandboxEndpoints: DevEndpoint[] = [
  {
    id: "dev.sandboxes.create",
    errors: {
      SANDBOX_NOT_ALLOWED: "The token is a throwaway sandbox's: only its parent app makes sandboxes.",
      SANDBOX_LIMIT_REACHED: "The app has its maximum of live sandboxes (SANDBOXES_PER_APP); delete one or wait for one to expire (retry-after).",
      RATE_LIMITED: "More sandboxes made this minute than SANDBOX_CREATES_PER_MINUTE allows; retry-after says when to try again.",
    },
    method: "POST",
    path: "/dev/v1/sandboxes",
    summary: "Make a throwaway sandbox",
    // A getter: the limits are the serving portal's settings, read when the text is read (never when a
    // bundle, a client component's included, loads the catalog: there is no portal then).
    get description() {
      return (
        "Makes a child app of the calling app for `ttlSeconds`: the same owner, the same subscriptions in the same states (a Treasury " +
        "subscription approved for the parent is approved for the child), a copy of the developer settings (time scale, callback faults, " +
        "inspector answer mode), test numbers and per-minute limit, and a key pair and signing secret of its own (the secrets are shown " +
        "this once). Its resources, callbacks, request log and inbox are its own: the parent sees none of them, and it sees none of the " +
        "parent's. The parent's default callback address is copied, except the parent's own inspector, which becomes the sandbox's. " +
        "From `expiresAt` on its keys and tokens are refused and nothing of it is sent; within a minute it is deleted with all its data. " +
        `A sandbox cannot make sandboxes (403 \`SANDBOX_NOT_ALLOWED\`); an app has at most ${config.sandboxesPerApp} live ones (\`SANDBOXES_PER_APP\`, 429 ` +
        `\`SANDBOX_LIMIT_REACHED\`) and makes at most ${config.sandboxCreatesPerMinute} a minute (\`SANDBOX_CREATES_PER_MINUTE\`, 429 \`RATE_LIMITED\`). ` +
        "Sandboxes do not count toward the apps an account may have."
      );
    },
    tool: "sandbox_dev_create_sandbox",
    body: sandboxInputSchema,
    response: sandboxCreatedSchema,
    status: 201,
    redact: ["consumerSecret", "signingSecret"],
    example: {
      input: { ttlSeconds: 900, name: "ci-run-4812" },
      response: {
        appId: exampleId, name: "ci-run-4812", consumerKey: "q5V0c2Jm1b9wQ7hXnR4tYk3LzP8sD6aE", consumerSecret: "N9x2…shown once",
        signingSecret: "whsec_Zm9vYmFy…", inspectorUrl: `<origin>/inspect/${exampleId}`, expiresAt: "2026-11-23T10:15:00.000Z",
      },
    },
  },
  {
    id: "dev.sandboxes.list",
    errors: {},
    method: "GET",
    path: "/dev/v1/sandboxes",
    summary: "List the app's throwaway sandboxes",
    description: "The calling app's live sandboxes (never their secrets), the first to end first. Ended ones are not listed.",
    tool: "sandbox_dev_list_sandboxes",
    response: sandboxListSchema,
    example: {
      response: {
        sandboxes: [{ appId: exampleId, name: "ci-run-4812", inspectorUrl: `<origin>/inspect/${exampleId}`, expiresAt: "2026-11-23T10:15:00.000Z", createdAt: "2026-11-23T10:00:00.000Z" }],
      },
    },
  },
  {
    id: "dev.sandboxes.delete",
    errors: {
      NOT_FOUND: "No live sandbox of this app with that id.",
    },
    method: "DELETE",
    path: "/dev/v1/sandboxes/{appId}",
    summary: "End a throwaway sandbox now",
    description:
      "Ends the sandbox at once (204): its keys and tokens are refused from this answer on, on every instance, nothing of it is sent " +
      "any more, and it is deleted with all its data. Its parent may end it, and so may the sandbox itself (a CI job tearing down with " +
      "the keys it was given). 404 `NOT_FOUND` for any other app id, and for a sandbox that already ended.",
    tool: "sandbox_dev_delete_sandbox",
    params: z.object({ appId: z.string({ error: "appId must be text" }).trim().min(1, { error: "appId must not be empty" }).max(64, { error: "appId must be at most 64 characters" }).meta({ description: "The sandbox's app id." }) }),
    response: z.null().meta({ description: "No body." }),
    status: 204,
    destructive: true,
  },
];
