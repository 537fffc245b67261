/** Drops YAML front matter: the hub already shows it as metadata. */
export function stripFrontMatter(source: string): string {
  if (!source.startsWith("---")) return source;
  const end = source.indexOf("\n---", 3);
  if (end === -1) return source;
  const after = source.indexOf("\n", end + 4);
  return after === -1 ? "" : source.slice(after + 1);
}
