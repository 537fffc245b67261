import { isPyIdentifier, jsKey, jsString, pyString } from "./literals.js";

/** JSON-like data that can be rendered as a literal in any snippet language. */
export type LiteralValue =
  string | number | boolean | null | LiteralValue[] | { [key: string]: LiteralValue };

export const INDENT = "    ";

function isRecord(value: LiteralValue): value is { [key: string]: LiteralValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`Cannot render non-finite number ${value} in code`);
  return String(value);
}

interface Dialect {
  string(text: string): string;
  key(key: string): string;
  keySeparator: string;
  bool(value: boolean): string;
  nil: string;
}

const PY: Dialect = {
  string: pyString,
  key: pyString,
  keySeparator: ": ",
  bool: (v) => (v ? "True" : "False"),
  nil: "None",
};
const JS: Dialect = { string: jsString, key: jsKey, keySeparator: ": ", bool: String, nil: "null" };
const JSON_DIALECT: Dialect = {
  string: jsString,
  key: jsString,
  keySeparator: ": ",
  bool: String,
  nil: "null",
};

// Indentation strings by depth, built once.
const INDENTS: string[] = [];
const indent = (depth: number): string => (INDENTS[depth] ??= INDENT.repeat(depth));

const isScalar = (v: LiteralValue): boolean => v === null || typeof v !== "object";

function render(value: LiteralValue, dialect: Dialect, depth: number, trailingComma: boolean): string {
  if (value === null) return dialect.nil;
  if (typeof value === "string") return dialect.string(value);
  if (typeof value === "number") return numberLiteral(value);
  if (typeof value === "boolean") return dialect.bool(value);
  const inner = indent(depth + 1);
  const tail = trailingComma ? "," : "";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every(isScalar)) {
      let flat = "[";
      for (let i = 0; i < value.length; i++)
        flat += (i ? ", " : "") + render(value[i], dialect, depth, trailingComma);
      flat += "]";
      if (flat.length <= 80) return flat;
    }
    let out = "[\n";
    for (let i = 0; i < value.length; i++) {
      out += (i ? ",\n" : "") + inner + render(value[i], dialect, depth + 1, trailingComma);
    }
    return `${out}${tail}\n${indent(depth)}]`;
  }
  if (!isRecord(value)) throw new TypeError("Unsupported literal value");
  let out = "{\n";
  let first = true;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    out += (first ? "" : ",\n") + inner + dialect.key(key) + dialect.keySeparator;
    out += render(value[key], dialect, depth + 1, trailingComma);
    first = false;
  }
  if (first) return "{}";
  return `${out}${tail}\n${indent(depth)}}`;
}

/** A Python literal (dict/list/str/int/bool/None), indented for nesting at `depth`. */
export function pyValue(value: LiteralValue, depth = 0): string {
  return render(value, PY, depth, true);
}

/** A JavaScript/TypeScript literal (object keys bare where possible), indented for `depth`. */
export function jsValue(value: LiteralValue, depth = 0): string {
  return render(value, JS, depth, false);
}

/** Pretty JSON with 4-space indentation and separator-safe strings. */
export function jsonValue(value: LiteralValue, depth = 0): string {
  return render(value, JSON_DIALECT, depth, false);
}

/** Python keyword arguments `a=1, b="x"`; keys that are not identifiers are refused. */
export function pyKwargs(args: Record<string, LiteralValue>, depth = 0): string {
  return Object.entries(args)
    .map(([k, v]) => {
      if (!isPyIdentifier(k)) throw new TypeError(`"${k}" is not a valid Python keyword argument`);
      return `${k}=${pyValue(v, depth)}`;
    })
    .join(", ");
}
