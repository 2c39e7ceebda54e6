// A docs page's HTML written as Markdown (lib/docs/markdown.ts): what the
// .md twins are made of. The twins against their pages: tests/integration/docs-markdown.test.ts.
import { describe, expect, it } from "vitest";
import { codeLanguage } from "@/lib/docs/code-language";
import { pageMarkdown } from "@/lib/docs/markdown";

const page = (main: string) => `<!DOCTYPE html><html><head><title>t</title><script>var x = "<main>";</script></head><body><header>Site</header><main id="main">${main}</main></body></html>`;

describe("pageMarkdown", () => {
  it("writes the page from its H1: headings, paragraphs with code and links, tables, lists and fenced code with its language; leaves out navigation, forms, skipped parts and phone-only copies", () => {
    const md = pageMarkdown(page(
      `<nav aria-label="On this page"><a href="#a">A</a></nav>` +
      `<header><p>Collect v1</p><h1>Send a <code>push</code></h1></header>` +
      `<p>Answers <code>{error, message}</code> &amp; a <a href="/docs/limits">limit</a> of 5*2 <!-- -->per_minute (<a href="#a">codes</a>, <a href="/docs#start">start</a>, <a href="/openapi/collect.json">OpenAPI</a>).</p>` +
      `<h2 id="a">Codes</h2><div><table><thead><tr><th>Status</th><th>Code</th></tr></thead><tbody><tr><td>401</td><td><p>one</p><p><code>A|B</code></p></td></tr></tbody></table></div>` +
      `<ol><li>one <strong>bold</strong></li><li><p>two</p><pre data-lang="sh">curl -X POST \\\n  x</pre></li></ol>` +
      `<section data-md-skip="true"><h2>Try it</h2><label>f</label><input value="v"/></section>` +
      `<div class="flex"><span>POST</span><code>/collect/v1/push</code></div><ul class="sm:hidden"><li>the phone's copy</li></ul>` +
      `<span class="sr-only">for screen readers</span><button>Copy</button><pre data-lang="json">{"a": "\`\`\`"}</pre><pre>plain</pre>`,
    ));
    expect(md).toBe(`${[
      "# Send a `push`",
      "Answers `{error, message}` & a [limit](/docs/limits.md) of 5\\*2 per\\_minute ([codes](#a), [start](/docs/index.md#start), [OpenAPI](/openapi/collect.json)).",
      "## Codes",
      "| Status | Code |\n| --- | --- |\n| 401 | one `A\\|B` |",
      "1.  one **bold**\n2.  two\n\n    ```sh\n    curl -X POST \\\n      x\n    ```",
      "POST `/collect/v1/push`",
      '````json\n{"a": "```"}\n````',
      "```text\nplain\n```",
    ].join("\n\n")}\n`);
  });
});

describe("codeLanguage", () => {
  it("keeps a block's own language (its fence name), else reads it from the title and the text", () => {
    expect(codeLanguage("x", "Node (18+)", "node")).toBe("js");
    expect(codeLanguage("curl -X POST …", "curl", "curl")).toBe("sh");
    expect(codeLanguage('{\n  "a": 1\n}')).toBe("json");
    expect(codeLanguage('{"type":"ready"}\n{"type":"relay"}', "--json")).toBe("json");
    expect(codeLanguage("import express from 'express';", "Express (javascript)")).toBe("js");
    expect(codeLanguage("npm install x", "Install")).toBe("sh");
    expect(codeLanguage("jobs:\n  test:", "GitHub Actions: parallel jobs")).toBe("yaml");
    expect(codeLanguage("whsec_abc")).toBe("text");
  });
});
