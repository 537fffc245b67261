import { stringify } from "yaml";

/** A README.md: YAML front matter (keys with undefined values left out) followed by markdown. */
export function readme(frontMatter: Record<string, unknown>, body: string): string {
  const clean = Object.fromEntries(Object.entries(frontMatter).filter(([, value]) => value !== undefined));
  const yaml = stringify(clean, { lineWidth: 0 }).trimEnd();
  return `---\n${yaml}\n---\n\n${body.trim()}\n`;
}

/** A single value stays a scalar, several become a list, none is left out. */
export function oneOrMany(values: string[]): string | string[] | undefined {
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}
