// Anchors on the docs pages that links and the docs search point at.
import type { Scenario } from "@/lib/catalog";

export const SCENARIO_ANCHOR_PREFIX = "scenario-";
/** A scenario's row in its operation's scenario table. */
export const scenarioAnchor = (s: Scenario) => `${SCENARIO_ANCHOR_PREFIX}${s.key}`;

/** A heading's id from its text: lower case, words joined by "-". */
export const slug = (text: string) =>
  text.toLowerCase().replace(/&apos;|'/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** An error code's row on the errors page. */
export const errorAnchor = (code: string) => `error-${code}`;
