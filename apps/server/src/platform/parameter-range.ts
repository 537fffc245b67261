/** A `num_parameters` range: `min:6B,max:128B`, `min:500M`, `max:1.5B` (bounds inclusive). */
export interface ParameterRange {
  min?: number;
  max?: number;
}

const UNITS: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

function parseCount(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)([KMBT]?)$/i.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]) * (UNITS[match[2].toUpperCase()] ?? 1);
  return Number.isFinite(value) ? Math.round(value) : undefined;
}

/** Parses the range, or returns an error message saying what is wrong with it. */
export function parseParameterRange(text: string): ParameterRange | string {
  const range: ParameterRange = {};
  for (const part of text.split(",")) {
    const [bound, value, extra] = part.split(":");
    if ((bound !== "min" && bound !== "max") || value === undefined || extra !== undefined)
      return `Invalid num_parameters "${text}": expected min:<count>, max:<count> or both, e.g. min:1B,max:10B`;
    if (range[bound] !== undefined) return `Invalid num_parameters "${text}": ${bound} is given twice`;
    const count = parseCount(value);
    if (count === undefined)
      return `Invalid num_parameters "${text}": "${value}" is not a count like 500M, 7B or 1.5T`;
    range[bound] = count;
  }
  if (range.min !== undefined && range.max !== undefined && range.min > range.max)
    return `Invalid num_parameters "${text}": min is larger than max`;
  return range;
}
