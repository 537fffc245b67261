import { parse } from "yaml";

/** Largest README whose card is read (metadata, the dataset viewer's configs). */
export const MAX_README_BYTES = 2 * 1024 * 1024;

export interface CardResult {
  cardData?: Record<string, unknown>;
  warning?: string;
}

/** Extracts the YAML block between a leading `---` line and the next `---` line of a README. */
export function frontMatterOf(readme: string): string | undefined {
  const text = readme.replace(/^\uFEFF/, "");
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== "---") return undefined;
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
  return end === -1 ? undefined : lines.slice(1, end).join("\n");
}

export function parseCard(readme: string): CardResult {
  const yamlText = frontMatterOf(readme);
  if (yamlText === undefined) {
    return readme.trimStart().startsWith("---")
      ? { warning: "README.md front matter is not closed by a '---' line" }
      : {};
  }
  try {
    const value: unknown = parse(yamlText, { maxAliasCount: 100, uniqueKeys: false });
    if (value === null || value === undefined) return {};
    if (typeof value !== "object" || Array.isArray(value))
      return { warning: "README.md front matter is not a YAML mapping" };
    return { cardData: JSON.parse(JSON.stringify(value)) as Record<string, unknown> };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { warning: `README.md front matter is not valid YAML: ${message}` };
  }
}

/** A card value that may be a string or a list of strings, as a list. */
export function stringList(value: unknown): string[] {
  if (typeof value === "string") return value.trim() === "" ? [] : [value.trim()];
  if (Array.isArray(value))
    return value
      .filter((item): item is string => typeof item === "string" && item.trim() !== "")
      .map((item) => item.trim());
  return [];
}
