// turndown-plugin-gfm ships no types: the one plugin lib/docs/markdown.ts uses.
declare module "turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  /** GFM tables: a table whose first row is a heading row becomes a pipe table. */
  export function tables(service: TurndownService): void;
}
