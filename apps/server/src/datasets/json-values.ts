/** A DuckDB value (as `getRowObjectsJS` gives it) turned into plain JSON. */
export function toJsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint")
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) {
    // a MAP reads as [{ key, value }, …]
    if (value.length > 0 && value.every(isMapEntry))
      return Object.fromEntries(value.map((entry) => [String(entry.key), toJsonValue(entry.value)]));
    return value.map(toJsonValue);
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (isInterval(value)) return `${value.months} months ${value.days} days ${value.micros} us`;
    return Object.fromEntries(entries.map(([key, inner]) => [key, toJsonValue(inner)]));
  }
  return value;
}

function isMapEntry(value: unknown): value is { key: unknown; value: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 2 &&
    "key" in value &&
    "value" in value
  );
}

function isInterval(value: object): value is { months: number; days: number; micros: bigint } {
  return "months" in value && "days" in value && "micros" in value && Object.keys(value).length === 3;
}
