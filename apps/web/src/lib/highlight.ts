import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import typescript from "highlight.js/lib/languages/typescript";

hljs.registerLanguage("python", python);
hljs.registerLanguage("javascript", javascript);
hljs.registerLanguage("typescript", typescript);
hljs.registerLanguage("bash", bash);
hljs.registerLanguage("json", json);

const ALIASES: Record<string, string> = {
  py: "python",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  ts: "typescript",
  tsx: "typescript",
  sh: "bash",
  shell: "bash",
  console: "bash",
  curl: "bash",
  jsonl: "json",
};

export function languageOf(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const key = name.toLowerCase();
  const resolved = ALIASES[key] ?? key;
  return hljs.getLanguage(resolved) ? resolved : undefined;
}

/** HTML with escaped text and `hljs-*` spans, or `undefined` for languages not registered. */
export function highlightToHtml(code: string, language: string | undefined): string | undefined {
  const resolved = languageOf(language);
  if (!resolved) return undefined;
  return hljs.highlight(code, { language: resolved, ignoreIllegals: true }).value;
}
