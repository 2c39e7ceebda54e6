// The operator command line's usage text, its options and the two answers
// that are not JSON (help and --version). A wrong command line is a
// UsageError: one line on stderr and exit 2 (scripts/admin.ts).
import fs from "node:fs";
import { parseArgs } from "node:util";

export const USAGE = `usage: npm run --silent admin -- <command> [options]
  help                               (this list; also --help)
  --version                          (the portal's version)
  user create --email E [--password-stdin | --password P] [--operator]
                                     (--password-stdin reads the password from stdin; neither: asked on the terminal)
  user operator --email E            (makes an existing user an operator)
  user list [--limit N] [--after ID] (newest first, 50 at a time: id, email, operator, apps)
  user reset-link --email E          (a one-time password-reset link, valid an hour, as /forgot mails it)
  user reset-totp --email E          (turns two-step sign-in off for a locked-out user; the account's audit says so)
  app create --owner E --name N [--callback-url U]
  app list [--owner E] [--limit N] [--after ID]
                                     (newest first: id, name, owner, suspended, per-minute limit)
  app suspend --app A | app resume --app A
  app limit --app A --per-minute N
  app rotate-secret --app A [--grace-hours H]
  app settings --app A [--time-scale S] [--duplicate on|off] [--bad-signature on|off] [--extra-delay-ms N]
                       [--inspector-status N] [--inspector-delay-ms N] [--inspector-fail-first N]
                                     (prints the app's developer settings after the change)
  app reset --app A                  (deletes the app's resources, callbacks, request log, inbox; keeps keys, subscriptions, settings)
  deliveries replay --app A --since T [--url U]   (schedules the failed callbacks since T again, to U when given)
  deliveries resend --app A --delivery D          (posts one callback again now; prints the outcome)
  deliveries wait --app A --resource R | --reference F | --delivery D [--timeout S]
                                     (waits up to S seconds, default 30, for the callback's first attempt; prints it)
  test-number add --app A --operation O --field F --value V --scenario S
                                     (e.g. --operation collect.push --field phoneNumber --value 254700000001 --scenario cancelled)
  test-number list --app A
  test-number remove --app A --id ID | --value V
  key create --app A
  key revoke --key K
  subscribe --app A --group G
  review --app A --group G --approve | --reject [--reason TEXT]`;

/** A wrong command line: one line on stderr, exit 2 (scripts/admin.ts). */
export class UsageError extends Error {}

/** What `help` answers: text for a person, printed as it is (every other command answers JSON). */
export class Usage {
  constructor(readonly text: string) {}
}

/** The portal's version (package.json), as `--version` prints it. */
export const version = (): string => (JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

export const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: "string" }, password: { type: "string" }, "password-stdin": { type: "boolean" }, operator: { type: "boolean" },
      owner: { type: "string" }, name: { type: "string" }, "callback-url": { type: "string" },
      app: { type: "string" }, key: { type: "string" }, group: { type: "string" },
      approve: { type: "boolean" }, reject: { type: "boolean" }, "per-minute": { type: "string" }, "grace-hours": { type: "string" },
      "time-scale": { type: "string" }, duplicate: { type: "string" }, "bad-signature": { type: "string" }, "extra-delay-ms": { type: "string" },
      "inspector-status": { type: "string" }, "inspector-delay-ms": { type: "string" }, "inspector-fail-first": { type: "string" },
      since: { type: "string" }, url: { type: "string" }, delivery: { type: "string" }, resource: { type: "string" },
      reference: { type: "string" }, timeout: { type: "string" }, limit: { type: "string" }, after: { type: "string" },
      help: { type: "boolean", short: "h" }, version: { type: "boolean" },
      operation: { type: "string" }, field: { type: "string" }, value: { type: "string" }, scenario: { type: "string" }, id: { type: "string" }, reason: { type: "string" },
    },
  });
