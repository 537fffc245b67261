import type { DatasetFeature } from "@modelhub/api-types";

/** How one cell is drawn, decided from its feature type and value. */
export type CellView =
  | { kind: "null" }
  | { kind: "image"; src: string; width?: number; height?: number }
  | { kind: "audio"; src: string; type?: string }
  | { kind: "label"; index: number; name?: string }
  | { kind: "number"; text: string }
  | { kind: "text"; text: string }
  | { kind: "json"; text: string };

/** The `_type` of a feature (`Value`, `ClassLabel`, `Image`…), undefined for lists and dicts of features. */
export function featureKind(type: DatasetFeature | undefined): string | undefined {
  if (!type || Array.isArray(type)) return undefined;
  const kind = (type as Record<string, unknown>)._type;
  return typeof kind === "string" ? kind : undefined;
}

function featureField(type: DatasetFeature, key: string): unknown {
  return Array.isArray(type) ? undefined : (type as Record<string, unknown>)[key];
}

/** The label names of a ClassLabel feature (empty for other types). */
export function classNames(type: DatasetFeature | undefined): string[] {
  if (!type || featureKind(type) !== "ClassLabel") return [];
  const names = featureField(type, "names");
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : [];
}

function stringField(value: unknown, key: string): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "string" ? field : undefined;
}

function numberField(value: unknown, key: string): number | undefined {
  if (!value || typeof value !== "object") return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "number" ? field : undefined;
}

export function jsonText(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? item.toString() : item)) ?? ""
  );
}

/** Only same-origin paths and http(s) URLs become `src` attributes (never `javascript:` or `data:` from data). */
export function safeMediaUrl(src: string | undefined): string | undefined {
  if (!src) return undefined;
  if (src.startsWith("/") && !src.startsWith("//")) return src;
  return /^https?:\/\//i.test(src) ? src : undefined;
}

export function cellView(value: unknown, type?: DatasetFeature): CellView {
  if (value === null || value === undefined) return { kind: "null" };
  const name = featureKind(type);
  if (name === "Image") {
    const src = safeMediaUrl(stringField(value, "src"));
    if (src)
      return { kind: "image", src, width: numberField(value, "width"), height: numberField(value, "height") };
  }
  if (name === "Audio") {
    // The Hub answers a list of sources (one per format); the first playable one is enough.
    const first: unknown = Array.isArray(value) ? value[0] : value;
    const src = safeMediaUrl(stringField(first, "src"));
    if (src) return { kind: "audio", src, type: stringField(first, "type") };
  }
  if (name === "ClassLabel" && typeof value === "number") {
    return { kind: "label", index: value, name: classNames(type)[value] };
  }
  if (typeof value === "number" || typeof value === "bigint") return { kind: "number", text: String(value) };
  if (typeof value === "boolean") return { kind: "text", text: String(value) };
  if (typeof value === "string") return { kind: "text", text: value };
  return { kind: "json", text: jsonText(value) };
}

/** A short type label for a column header: `string`, `int64`, `class label`, `image`, `list`… */
export function typeLabel(type: DatasetFeature): string {
  if (Array.isArray(type)) return "list";
  const name = featureKind(type);
  const dtype = featureField(type, "dtype");
  if (name === "Value") return typeof dtype === "string" ? dtype : "value";
  if (name === "ClassLabel") return "class label";
  if (name === "Sequence" || name === "List" || name === "LargeList") return "list";
  if (name) return name.toLowerCase();
  return "dict";
}

const NUMERIC_DTYPES = /^(u?int\d*|float\d*|double|bool|decimal.*)$/;

/** Whether `where` compares this column's values as numbers/booleans (bare literals). */
export function isNumericType(type: DatasetFeature | undefined): boolean {
  const name = featureKind(type);
  if (name === "ClassLabel") return true;
  const dtype = type ? featureField(type, "dtype") : undefined;
  return name === "Value" && typeof dtype === "string" && NUMERIC_DTYPES.test(dtype);
}
