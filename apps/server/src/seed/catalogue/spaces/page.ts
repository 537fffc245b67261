/** Wraps a demo in a self-contained HTML page: no external scripts, styles, fonts or requests. */
export function page(title: string, body: string, script: string, css = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  :root { color-scheme: light dark; --accent: #6d5dfc; }
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 860px; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin-bottom: .25rem; }
  p.lead { color: #777; margin-top: 0; }
  textarea, input, select, button { font: inherit; }
  textarea { width: 100%; min-height: 6rem; box-sizing: border-box; }
  button { background: var(--accent); color: white; border: 0; border-radius: 6px; padding: .4rem .9rem; cursor: pointer; }
  table { border-collapse: collapse; }
  td, th { border: 1px solid #8884; padding: .25rem .5rem; text-align: right; }
  canvas { border: 1px solid #8884; border-radius: 6px; max-width: 100%; }
${css}
</style>
</head>
<body>
<h1>${title}</h1>
${body}
<script>
"use strict";
const $ = (selector) => document.querySelector(selector);
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
${script}
</script>
</body>
</html>
`;
}
