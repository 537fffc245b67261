import { isMap, isScalar, LineCounter, parseDocument, type Document } from "yaml";

/** One finding about a model card's front matter, placed on a line and column of the whole file. */
export interface CardProblem {
  severity: "error" | "warning";
  message: string;
  /** 1-based line of README.md (not of the YAML block). */
  line?: number;
  /** 1-based column. */
  column?: number;
}

export interface CardCheck {
  /** True when the file starts with a `---` metadata block. */
  hasFrontMatter: boolean;
  /** The parsed metadata when the YAML is valid. */
  metadata?: Record<string, unknown>;
  problems: CardProblem[];
  /** Errors block the commit; warnings do not. */
  valid: boolean;
}

const LICENSE_ID = /^[a-z0-9][a-z0-9.+-]*$/;
const STRING_KEYS = ["pipeline_tag", "library_name", "license_name", "license_link", "model_name"];
const STRING_OR_LIST_KEYS = ["language", "datasets", "base_model", "metrics"];

interface Block {
  /** The YAML text between the `---` lines. */
  yaml: string;
  /** Lines before the YAML (the opening `---`), to turn YAML line numbers into file line numbers. */
  lineOffset: number;
}

/** Finds the front matter: a first line `---` and the next line that is exactly `---`. */
function frontMatterBlock(text: string): Block | "unclosed" | undefined {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") return undefined;
  const end = lines.findIndex((line, index) => index > 0 && line.trimEnd() === "---");
  if (end === -1) return "unclosed";
  return { yaml: lines.slice(1, end).join("\n"), lineOffset: 1 };
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** Where a top-level key's value starts, as a file position. */
function positionOf(
  doc: Document,
  counter: LineCounter,
  key: string,
  lineOffset: number,
): Pick<CardProblem, "line" | "column"> {
  if (!isMap(doc.contents)) return {};
  const pair = doc.contents.items.find((item) => isScalar(item.key) && item.key.value === key);
  const node = pair?.value ?? pair?.key;
  const offset =
    node && typeof node === "object" && "range" in node && Array.isArray(node.range)
      ? (node.range[0] as number)
      : undefined;
  if (offset === undefined) return {};
  const { line, col } = counter.linePos(offset);
  return { line: line + lineOffset, column: col };
}

/** The common metadata fields the hub reads, checked for the shapes it expects. */
function fieldProblems(
  metadata: Record<string, unknown>,
  at: (key: string) => Pick<CardProblem, "line" | "column">,
): CardProblem[] {
  const problems: CardProblem[] = [];
  const error = (key: string, message: string) => problems.push({ severity: "error", message, ...at(key) });
  const license = metadata.license;
  if (license !== undefined && license !== null) {
    if (typeof license !== "string")
      error("license", '"license" must be a single license id, e.g. apache-2.0');
    else if (!LICENSE_ID.test(license))
      error(
        "license",
        `"license: ${license}" is not a license id: use lower case and no spaces (e.g. mit, apache-2.0), or "other" with license_name`,
      );
  }
  const tags = metadata.tags;
  if (tags !== undefined && tags !== null) {
    if (typeof tags === "string")
      problems.push({
        severity: "warning",
        message: '"tags" should be a list, e.g. tags: [chat]',
        ...at("tags"),
      });
    else if (!isStringList(tags)) error("tags", '"tags" must be a list of strings');
  }
  for (const key of STRING_KEYS) {
    const value = metadata[key];
    if (value !== undefined && value !== null && typeof value !== "string")
      error(key, `"${key}" must be a string`);
  }
  for (const key of STRING_OR_LIST_KEYS) {
    const value = metadata[key];
    if (value !== undefined && value !== null && typeof value !== "string" && !isStringList(value))
      error(key, `"${key}" must be a string or a list of strings`);
  }
  return problems;
}

/**
 * Checks a README's YAML metadata block as the editor types: syntax errors with their line and
 * column in the file, then the shapes of the fields the hub reads (license, tags, …).
 */
export function checkCard(text: string): CardCheck {
  const block = frontMatterBlock(text);
  if (block === undefined) return { hasFrontMatter: false, problems: [], valid: true };
  if (block === "unclosed") {
    const problem: CardProblem = {
      severity: "error",
      message: "The metadata block opened on line 1 is not closed by a '---' line",
      line: 1,
      column: 1,
    };
    return { hasFrontMatter: true, problems: [problem], valid: false };
  }
  const counter = new LineCounter();
  const doc = parseDocument(block.yaml, { lineCounter: counter, uniqueKeys: true, prettyErrors: true });
  const syntax: CardProblem[] = doc.errors.map((error) => ({
    severity: "error",
    message: error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, ""),
    line: error.linePos ? error.linePos[0].line + block.lineOffset : undefined,
    column: error.linePos?.[0].col,
  }));
  if (syntax.length > 0) return { hasFrontMatter: true, problems: syntax, valid: false };
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  if (value === null || value === undefined)
    return { hasFrontMatter: true, metadata: {}, problems: [], valid: true };
  if (typeof value !== "object" || Array.isArray(value)) {
    const problem: CardProblem = {
      severity: "error",
      message: "The metadata block must be a mapping of keys to values (key: value)",
      line: 2,
      column: 1,
    };
    return { hasFrontMatter: true, problems: [problem], valid: false };
  }
  const metadata = value as Record<string, unknown>;
  const problems = fieldProblems(metadata, (key) => positionOf(doc, counter, key, block.lineOffset));
  return {
    hasFrontMatter: true,
    metadata,
    problems,
    valid: problems.every((problem) => problem.severity !== "error"),
  };
}
