import { jsString, pyString, shString } from "./literals.js";
import { jsValue, pyValue, type LiteralValue } from "./values.js";

/** Code that is inserted verbatim: only for text the generator itself wrote, never user input. */
export class RawCode {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Marks generator-written code for verbatim insertion into a template. */
export function raw(text: string): RawCode {
  return new RawCode(text);
}

/** What a template placeholder accepts: raw code, or a value rendered as a literal. */
export type Interpolation = RawCode | LiteralValue | undefined;

type Encoder = (value: LiteralValue) => string;

function makeTemplate(encode: Encoder) {
  return (strings: TemplateStringsArray, ...values: Interpolation[]): string => {
    let out = strings[0];
    values.forEach((value, i) => {
      if (value === undefined) throw new TypeError("undefined interpolated into a code template");
      out += value instanceof RawCode ? value.text : encode(value);
      out += strings[i + 1];
    });
    return out;
  };
}

/**
 * Tagged templates that escape by construction: every `${value}` becomes a correctly escaped
 * literal of the target language unless it is wrapped in `raw(...)`.
 *
 *     python`model = AutoModel.from_pretrained(${model.id})`
 */
export const python = makeTemplate((v) => (typeof v === "string" ? pyString(v) : pyValue(v)));
export const javascript = makeTemplate((v) => (typeof v === "string" ? jsString(v) : jsValue(v)));
export const shell = makeTemplate((v) => {
  if (typeof v === "string") return shString(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return shString(JSON.stringify(v));
});

/** Prefixes every non-empty line after the first with `prefix`. */
export function indentFollowingLines(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line, i) => (i === 0 || line === "" ? line : prefix + line))
    .join("\n");
}

/** Prefixes every non-empty line with `prefix`. */
export function indentLines(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : prefix + line))
    .join("\n");
}
