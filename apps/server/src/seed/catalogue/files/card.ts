/**
 * README front matter written by a small YAML emitter: the catalogue only needs strings, numbers,
 * booleans, null, lists and nested mappings, and emitting them directly keeps the build fast.
 * Strings that could be misread are written as JSON strings, which YAML reads as double-quoted scalars.
 */
const PLAIN = /^[A-Za-z0-9_/(][\w ./+()#<>-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|~|y|n|[-+.\d].*)$/i;

function scalar(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = String(value);
  return PLAIN.test(text) && !RESERVED.test(text) && !text.endsWith(" ") && !text.includes(" #")
    ? text
    : JSON.stringify(text);
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function entries(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

function block(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return " []";
    return value
      .map((item) => {
        if (isMapping(item)) {
          const lines = mapping(item, `${indent}  `).split("\n");
          return `\n${indent}- ${lines[0].trimStart()}${lines.length > 1 ? `\n${lines.slice(1).join("\n")}` : ""}`;
        }
        return `\n${indent}-${block(item, `${indent}  `)}`;
      })
      .join("");
  }
  if (isMapping(value)) return entries(value).length === 0 ? " {}" : `\n${mapping(value, `${indent}  `)}`;
  return ` ${scalar(value)}`;
}

function mapping(value: Record<string, unknown>, indent: string): string {
  return entries(value)
    .map(([key, item]) => `${indent}${scalar(key)}:${block(item, indent)}`)
    .join("\n");
}

/** A README.md: YAML front matter (keys with undefined values left out) followed by markdown. */
export function readme(frontMatter: Record<string, unknown>, body: string): string {
  return `---\n${mapping(frontMatter, "")}\n---\n\n${body.trim()}\n`;
}

/** A single value stays a scalar, several become a list, none is left out. */
export function oneOrMany(values: string[]): string | string[] | undefined {
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}
