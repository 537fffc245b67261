import { DuckDBTypeId, type DuckDBType } from "@duckdb/node-api";
import type { DatasetFeature } from "@modelhub/api-types";

const VALUE_DTYPES: Partial<Record<DuckDBTypeId, string>> = {
  [DuckDBTypeId.BOOLEAN]: "bool",
  [DuckDBTypeId.TINYINT]: "int8",
  [DuckDBTypeId.SMALLINT]: "int16",
  [DuckDBTypeId.INTEGER]: "int32",
  [DuckDBTypeId.BIGINT]: "int64",
  [DuckDBTypeId.UTINYINT]: "uint8",
  [DuckDBTypeId.USMALLINT]: "uint16",
  [DuckDBTypeId.UINTEGER]: "uint32",
  [DuckDBTypeId.UBIGINT]: "uint64",
  [DuckDBTypeId.FLOAT]: "float32",
  [DuckDBTypeId.DOUBLE]: "float64",
  [DuckDBTypeId.VARCHAR]: "string",
  [DuckDBTypeId.BLOB]: "binary",
  [DuckDBTypeId.DATE]: "date32",
  [DuckDBTypeId.TIME]: "time64[us]",
  [DuckDBTypeId.TIMESTAMP]: "timestamp[us]",
  [DuckDBTypeId.TIMESTAMP_S]: "timestamp[s]",
  [DuckDBTypeId.TIMESTAMP_MS]: "timestamp[ms]",
  [DuckDBTypeId.TIMESTAMP_NS]: "timestamp[ns]",
  [DuckDBTypeId.TIMESTAMP_TZ]: "timestamp[us, tz=UTC]",
  [DuckDBTypeId.UUID]: "string",
  [DuckDBTypeId.INTERVAL]: "duration[us]",
  [DuckDBTypeId.SQLNULL]: "null",
};

/** The `datasets` feature of a DuckDB column type (`Value`, `Sequence`, a dict of features, …). */
export function featureOfType(type: DuckDBType): DatasetFeature {
  switch (type.typeId) {
    case DuckDBTypeId.LIST:
      return { _type: "Sequence", feature: featureOfType(type.valueType) };
    case DuckDBTypeId.ARRAY:
      return { _type: "Sequence", feature: featureOfType(type.valueType) };
    case DuckDBTypeId.STRUCT: {
      const names = type.entryNames;
      if (names.length === 2 && names.includes("bytes") && names.includes("path")) return { _type: "Image" };
      return Object.fromEntries(names.map((name, index) => [name, featureOfType(type.entryTypes[index])]));
    }
    case DuckDBTypeId.DECIMAL:
      return { _type: "Value", dtype: `decimal128(${type.width}, ${type.scale})` };
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return { _type: "Value", dtype: "string" };
    default:
      return { _type: "Value", dtype: VALUE_DTYPES[type.typeId] ?? "string" };
  }
}

/** Features a `datasets` Parquet file carries in its `huggingface` key-value metadata, when valid. */
export function featuresFromHuggingfaceMetadata(json: string): Record<string, DatasetFeature> | undefined {
  try {
    const parsed = JSON.parse(json) as { info?: { features?: unknown } };
    const features = parsed.info?.features;
    if (typeof features === "object" && features !== null && !Array.isArray(features))
      return features as Record<string, DatasetFeature>;
  } catch {
    return undefined;
  }
  return undefined;
}

export function isImageFeature(feature: DatasetFeature | undefined): boolean {
  return !Array.isArray(feature) && feature?._type === "Image";
}

export function isAudioFeature(feature: DatasetFeature | undefined): boolean {
  return !Array.isArray(feature) && feature?._type === "Audio";
}

export function isClassLabel(
  feature: DatasetFeature | undefined,
): feature is { _type: "ClassLabel"; names: string[] } {
  return !Array.isArray(feature) && feature?._type === "ClassLabel";
}
