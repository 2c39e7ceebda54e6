// Lookups over the catalog data. No rule is written twice: NO_SUCH_OPERATION and
// NOT_SUBSCRIBED are decided from these tables.
import { apis, groups } from "./groups";
import { operations } from "./operations";
import { compilePath, matchPath } from "./paths";
import type { Api, Group, Operation } from "./types";

export * from "./types";
export { apis, groups, operations };
export { RESERVED } from "./operations";
export { GATEWAY_FAULT_NAMES, type GatewayFaultName } from "./gateway-fault-names";

export function findGroup(name: string): Group | undefined {
  const n = name.trim().toLowerCase();
  return groups.find((g) => g.name.toLowerCase() === n);
}

export function apiOf(op: Operation): Api {
  return apis.find((a) => a.id === op.api)!;
}

export function groupOf(op: Operation): Group {
  return findGroup(apiOf(op).group)!;
}

export function operationById(id: string): Operation | undefined {
  return operations.find((o) => o.id === id);
}

/** An operation's id in camel case, as OpenAPI names it: collect.push → collectPush. */
export const camelId = (op: Operation) => op.id.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());

/** An operation by its catalog id (collect.push) or its OpenAPI operationId (collectPush). */
export function operationByName(name: string): Operation | undefined {
  return operations.find((o) => o.id === name || camelId(o) === name);
}

export function operationByTool(tool: string): Operation | undefined {
  return operations.find((o) => o.tool === tool);
}

export function apisOfGroup(group: string): Api[] {
  return apis.filter((a) => a.group === group);
}

const compiled = operations.map((op) => ({ op, path: compilePath(op.path) }));

/** The operation a method and path (under {base_url}) address, with its path parameters. */
export function matchOperation(method: string, path: string): { op: Operation; params: Record<string, string> } | null {
  for (const c of compiled) {
    if (c.op.method !== method.toUpperCase()) continue;
    const params = matchPath(c.path, path);
    if (params) return { op: c.op, params };
  }
  return null;
}

/** The methods of the operations at a path (under {base_url}); empty when no operation has that path. */
export function operationMethodsAt(path: string): string[] {
  return [...new Set(compiled.filter((c) => matchPath(c.path, path)).map((c) => c.op.method))];
}

/** The path of an operation (or a developer endpoint) with its parameters filled in (the inverse of matchOperation). */
export function fillPath(op: Pick<Operation, "path">, params: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
}
