import { parse } from "yaml";

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a JSON object file; problems become warnings instead of exceptions. */
export function parseJsonObject(
  path: string,
  content: Buffer | undefined,
  warnings: string[],
): JsonObject | undefined {
  if (!content) return undefined;
  try {
    const value: unknown = JSON.parse(content.toString("utf8"));
    if (isObject(value)) return value;
    warnings.push(`${path} is not a JSON object`);
  } catch (error) {
    warnings.push(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return undefined;
}

/** Parses a YAML mapping leniently (custom tags such as HyperPyYAML's `!new:` are kept as strings). */
export function parseYamlObject(
  path: string,
  content: Buffer | undefined,
  warnings: string[],
): JsonObject | undefined {
  if (!content) return undefined;
  try {
    const value: unknown = parse(content.toString("utf8"), {
      maxAliasCount: 100,
      uniqueKeys: false,
      logLevel: "silent",
    });
    if (isObject(value)) return JSON.parse(JSON.stringify(value)) as JsonObject;
    warnings.push(`${path} is not a YAML mapping`);
  } catch (error) {
    warnings.push(
      `${path} is not valid YAML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
  }
  return undefined;
}

export function pick(source: JsonObject, keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
