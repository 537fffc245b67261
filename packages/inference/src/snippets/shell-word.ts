import { shString } from "@modelhub/tasks";

/**
 * A single-quoted shell word. A `'` inside is written as `"'"` between two quoted parts, which every
 * POSIX shell reads the same way as shString's `'\''`, and which simple quote scanners understand too.
 */
export function shWord(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  return text.split("'").map(shString).join(`"'"`);
}
