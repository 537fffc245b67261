import { GGMLFileQuantizationType } from "./file-quantization-type.js";
import { GGMLQuantizationType } from "./tensor-quantization-type.js";
import { compareQuantLabels } from "./quant-order.js";

/**
 * Labels never read from filenames: integer tensor types never name a whole file (and as bare tokens,
 * "I8", they would give false hits); the retired repacked layouts (`Q4_0_4_4`, `IQ4_NL_4_8`, …) hold
 * the same weights as their base quant, which is the label such a file gets (`Q4_0`, `IQ4_NL`).
 */
const NOT_FILE_LABELS = new Set([
  "I8",
  "I16",
  "I32",
  "I64",
  "Q4_1_SOME_F16",
  "Q4_0_4_4",
  "Q4_0_4_8",
  "Q4_0_8_8",
  "IQ4_NL_4_4",
  "IQ4_NL_4_8",
  "IQ4_NL_8_8",
]);

/** Unsloth marks its dynamic quants with this prefix (`…-UD-Q4_K_XL-00001-of-00005.gguf`); it is kept. */
const DYNAMIC_PREFIX = "UD-";

/** Spellings seen in filenames that mean a canonical label. */
const ALIASES: Record<string, string> = { FP16: "F16", FP32: "F32", BFLOAT16: "BF16" };

function enumNames(values: object): string[] {
  return Object.keys(values).filter((key) => Number.isNaN(Number(key)));
}

const KNOWN_LABELS = [
  ...new Set([
    ...enumNames(GGMLFileQuantizationType),
    ...enumNames(GGMLQuantizationType),
    ...Object.keys(ALIASES),
  ]),
].filter((label) => !NOT_FILE_LABELS.has(label));

/** K-quant size variants that uploaders invent beyond llama.cpp's own (e.g. bartowski's Q6_K_L). */
const K_VARIANT = "Q[1-8]_K_(?:XXS|XS|XL|S|M|L)";

// Sized K variants and then longest labels first, so that Q4_K_M wins over Q4_K at the same position.
const ALTERNATIVES = [K_VARIANT, ...KNOWN_LABELS.sort((a, b) => b.length - a.length)].join("|");
// A label stands alone: no letter or digit right before or after it ("-", "_", ".", "/" or the ends are fine).
const LABEL_PATTERN = new RegExp(`(?<![A-Z0-9])(${DYNAMIC_PREFIX})?(${ALTERNATIVES})(?![A-Z0-9])`, "g");

/**
 * The quantization label in a GGUF filename or path, upper-cased and canonical ("q4_k_m" -> "Q4_K_M",
 * "fp16" -> "F16", "Q4_0_4_4" -> "Q4_0"), with Unsloth's dynamic-quant prefix kept ("UD-Q4_K_XL",
 * "UD-IQ1_M"), or undefined when it names none. When several appear the last one wins, since quant
 * labels come after the model name.
 */
export function parseGGUFQuantLabel(filename: string): string | undefined {
  let last: RegExpExecArray | undefined;
  for (const match of filename.toUpperCase().matchAll(LABEL_PATTERN)) last = match;
  if (last === undefined) return undefined;
  const [, prefix = "", label] = last;
  return prefix + (ALIASES[label] ?? label);
}

/** Array.sort comparator for GGUF filenames: bigger quants first, unlabelled files last, then by name. */
export function compareGGUFFilenames(a: string, b: string): number {
  const labelA = parseGGUFQuantLabel(a);
  const labelB = parseGGUFQuantLabel(b);
  if (labelA !== undefined && labelB !== undefined) {
    const byQuant = compareQuantLabels(labelA, labelB);
    if (byQuant !== 0) return byQuant;
  } else if (labelA !== labelB) {
    return labelA === undefined ? 1 : -1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
