// A docs page's HTML written as Markdown (lib/docs/markdown.ts): what the
// .md twins are made of. The twins against their pages: tests/integration/docs-markdown.test.ts.
import { describe, expect, it } from "vitest";
import { pageMarkdown } from "@/lib/docs/markdown";

const page = (main: string) => `<!DOCTYPE html><html><head><title>t</title><script>var x = "<main>";</script></head><body><header>Site</header><main id="main">${main}</main></body></html>`;

describe("pageMarkdown", () => {
  it("writes headings, paragraphs with code and links, tables, lists and code blocks; leaves out navigation, forms, skipped parts and phone-only copies", () => {
    const md = pageMarkdown(page(
      `<nav aria-label="On this page"><a href="#a">A</a></nav>` +
      `<header><p>Collect v1</p><h1>Send a <code>push</code></h1></header>` +
      `<p>Answers <code>{error, message}</code> &amp; a <a href="/docs/limits">limit</a> of 5*2 <!-- -->per_minute.</p>` +
      `<h2 id="a">Codes</h2><div><table><thead><tr><th>Status</th><th>Code</th></tr></thead><tbody><tr><td>401</td><td><code>A|B</code></td></tr></tbody></table></div>` +
      `<ol><li>one <strong>bold</strong></li><li><p>two</p><pre>curl -X POST \\\n  x</pre></li></ol>` +
      `<section data-md-skip="true"><h2>Try it</h2><label>f</label><input value="v"/></section>` +
      `<div class="flex"><span>POST</span><code>/collect/v1/push</code></div><ul class="sm:hidden"><li>the phone's copy</li></ul>` +
      `<span class="sr-only">for screen readers</span><button>Copy</button><pre>{"a": "\`\`\`"}</pre>`,
    ));
    expect(md).toBe(`${[
      "Collect v1",
      "# Send a `push`",
      "Answers `{error, message}` & a [limit](/docs/limits) of 5\\*2 per\\_minute.",
      "## Codes",
      "| Status | Code |\n| --- | --- |\n| 401 | `A\\|B` |",
      "1. one **bold**\n2. two\n\n   ```\n   curl -X POST \\\n     x\n   ```",
      "POST `/collect/v1/push`",
      '````\n{"a": "```"}\n````',
    ].join("\n\n")}\n`);
  });
});
