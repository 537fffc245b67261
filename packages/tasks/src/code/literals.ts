/**
 * String-literal encoders for the languages snippets are written in.
 * Every piece of user-controlled text that lands in generated code goes through one of these.
 */

// Line and paragraph separators are legal inside JSON strings but end a line for some tools
// (editors, Python's splitlines); encoding them keeps every literal on one physical line.
const SEPARATORS = /[\u2028\u2029\u0085]/g;
const HAS_SEPARATOR = /[\u2028\u2029\u0085]/;
const escapeSeparators = (text: string): string =>
  HAS_SEPARATOR.test(text)
    ? text.replace(SEPARATORS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`)
    : text;

// Generators quote the same strings over and over (keys, model ids, URLs, example prompts): the
// literals of recent strings are kept, in a map that starts afresh when full.
const QUOTED = new Map<string, string>();
const QUOTED_LIMIT = 4096;

/** A double-quoted literal valid in JSON, Python and JavaScript (separators escaped). */
function quoted(text: string): string {
  let literal = QUOTED.get(text);
  if (literal === undefined) {
    literal = escapeSeparators(JSON.stringify(text));
    if (QUOTED.size >= QUOTED_LIMIT) QUOTED.clear();
    QUOTED.set(text, literal);
  }
  return literal;
}

/** A double-quoted Python string literal. JSON's escapes are a subset of Python's. */
export function pyString(text: string): string {
  return quoted(text);
}

/** A double-quoted JavaScript/TypeScript string literal. */
export function jsString(text: string): string {
  return quoted(text);
}

/** A single-quoted POSIX shell word: nothing inside is expanded; `'` is closed, escaped and reopened. */
export function shString(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A key in a JS object literal: bare when it is a plain identifier, quoted otherwise. */
export function jsKey(key: string): string {
  return JS_IDENTIFIER.test(key) ? key : jsString(key);
}

const PY_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PY_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** Whether `name` can be used as a Python keyword argument. */
export function isPyIdentifier(name: string): boolean {
  return PY_IDENTIFIER.test(name) && !PY_KEYWORDS.has(name);
}
