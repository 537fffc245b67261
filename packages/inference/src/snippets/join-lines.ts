/**
 * `lines.join("\n")` by concatenation. Snippets are assembled from many short lines, most of them
 * built by concatenation themselves: appending keeps them as they are instead of copying every line
 * into a new flat string per snippet (a large share of the generator's time and garbage).
 */
export function joinLines(lines: readonly string[]): string {
  if (lines.length === 0) return "";
  let text = lines[0];
  for (let i = 1; i < lines.length; i++) text += "\n" + lines[i];
  return text;
}
