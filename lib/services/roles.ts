// The roles and what each may do: the words of the role rule (access.ts applies
// them to a request). Without the database, so the console's client components
// (the members panel's role picker) import the one list.
export const ROLES = ["owner", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What can be done: read an app (its pages, logs, callbacks, settings);
 * change it (every app action: apps, keys, settings, subscriptions, sandboxes,
 * resend, reset, held payments, calls as the app); read its signing secret;
 * read a team (its members, its audit log); manage it (members, invitations,
 * roles, the team's deletion).
 */
export type Action = "app.read" | "app.write" | "app.secret" | "team.read" | "team.manage";

/** The contract's roles: owner everything, developer every app action, viewer reads only. */
export const ALLOWED: Record<Role, readonly Action[]> = {
  owner: ["app.read", "app.write", "app.secret", "team.read", "team.manage"],
  developer: ["app.read", "app.write", "app.secret", "team.read"],
  viewer: ["app.read", "team.read"],
};

export const isRole = (r: string): r is Role => (ROLES as readonly string[]).includes(r);

/** Whether `role` allows `action`. */
export const may = (role: string, action: Action): boolean => isRole(role) && ALLOWED[role].includes(action);

const WHY: Record<Action, string> = {
  "app.read": "read this app",
  "app.write": "make or change its apps",
  "app.secret": "read this app's signing secret",
  "team.read": "read this team",
  "team.manage": "manage this team's members",
};

/**
 * Why `role` may not do `action` (the 403's message), or null when it may: what
 * the console writes beside a control it disables (a viewer's read-only pages).
 */
export const refusal = (role: string, action: Action): string | null => (may(role, action) ? null : `a ${role} of this team may not ${WHY[action]}`);

