/**
 * What the scanner knows about a value on the pickle machine's stack, without building it: enough to
 * resolve `STACK_GLOBAL` operands through the memo, tell which global a `REDUCE` calls, and read the
 * small structures a loader acts on (joblib's array wrapper: dtype, shape). Containers keep their first
 * few items only, so a huge list costs nothing.
 */
export type PickleValue =
  | { kind: "str"; value: string }
  /** A string too long to keep (its content is unknown). */
  | { kind: "long-str" }
  | { kind: "int"; value: bigint }
  | { kind: "bool"; value: boolean }
  | { kind: "none" }
  | { kind: "global"; module: string; name: string }
  | { kind: "tuple"; items: PickleValue[] }
  | { kind: "list"; items: PickleValue[] }
  | { kind: "dict"; entries: [PickleValue, PickleValue][] }
  /** What calling a callable builds (REDUCE, NEWOBJ, OBJ, INST); BUILD adds its state. */
  | { kind: "object"; callable: PickleValue; args: PickleValue | undefined; state?: PickleValue }
  /** Anything else: floats, bytes, sets, persistent ids, values the scanner stopped tracking. */
  | { kind: "opaque" };

/** Items kept per container (joblib's wrapper state has 6; shapes rarely have more than 8 dims). */
export const KEPT_ITEMS = 64;
/** Longest string kept (module and attribute names are far shorter). */
export const KEPT_STRING_BYTES = 4096;

export const OPAQUE: PickleValue = { kind: "opaque" };
export const NONE: PickleValue = { kind: "none" };

export function pushItem(items: PickleValue[], item: PickleValue): void {
  if (items.length < KEPT_ITEMS) items.push(item);
}

/** The value under `key` in a tracked dict (string keys only). */
export function dictGet(value: PickleValue | undefined, key: string): PickleValue | undefined {
  if (value?.kind !== "dict") return undefined;
  for (const [k, v] of value.entries) if (k.kind === "str" && k.value === key) return v;
  return undefined;
}

export function asInteger(value: PickleValue | undefined): number | undefined {
  if (value?.kind !== "int") return undefined;
  return value.value >= 0n && value.value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value.value)
    : undefined;
}

export function isGlobal(value: PickleValue | undefined, module: string | RegExp, name: string): boolean {
  if (value?.kind !== "global" || value.name !== name) return false;
  return typeof module === "string" ? value.module === module : module.test(value.module);
}
