/**
 * One model of the demo catalogue, parsed from a compact table line:
 * `id | task | library | license | languages | base model | flags | description`.
 * Languages are comma-separated; `-` means none. Flags are space-separated words, some `key=value`
 * (a `+` inside a value stands for a space; in `tags=` a `~` stands for `_`).
 */
export interface ModelRow {
  id: string;
  task: string;
  library: string;
  license: string;
  languages: string[];
  baseModel?: string;
  flags: Map<string, string>;
  description: string;
}

export function parseModelLine(line: string): ModelRow {
  const cells = line.split("|").map((cell) => cell.trim());
  if (cells.length !== 8) throw new Error(`model line needs 8 cells: ${line}`);
  const [id, task, library, license, languages, base, flagText, description] = cells;
  const flags = new Map<string, string>();
  for (const word of flagText.split(/\s+/).filter((w) => w !== "" && w !== "-")) {
    const eq = word.indexOf("=");
    if (eq === -1) flags.set(word, "");
    else flags.set(word.slice(0, eq), word.slice(eq + 1).replace(/\+/g, " "));
  }
  return {
    id,
    task,
    library,
    license,
    languages: languages === "-" ? [] : languages.split(",").map((l) => l.trim()),
    baseModel: base === "-" ? undefined : base,
    flags,
    description,
  };
}

/** The flag's value (`+` in the table stands for a space). */
export function flag(row: ModelRow, key: string): string | undefined {
  return row.flags.get(key);
}

export function hasFlag(row: ModelRow, key: string): boolean {
  return row.flags.has(key);
}

export function repoName(id: string): string {
  return id.slice(id.indexOf("/") + 1);
}
