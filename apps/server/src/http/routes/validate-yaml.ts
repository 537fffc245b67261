import { Hono } from "hono";
import { parse } from "yaml";
import type { AppEnv } from "../../http-kit/contracts.js";
import { frontMatterOf } from "../../cards/front-matter.js";
import { HttpError } from "../../domain/errors.js";
import { HUB_LICENSE_IDS } from "../../hub-api/license-ids.js";
import { boundedBody } from "../../http-kit/body-limit.js";

/** A README is small; validating one needs far less than the general 64 MiB API bound. */
export const MAX_VALIDATE_YAML_BYTES = 1024 * 1024;

const REPO_TYPES = new Set(["model", "dataset", "space"]);

interface Finding {
  message: string;
}

/** A 400 whose body also carries `errors: [{message}]`, which the Python client turns into a ValueError. */
function invalid(message: string): HttpError {
  return new HttpError(400, message, undefined, {}, { errors: [{ message }], warnings: [] });
}

/** Card keys the Hub reads as a string, or as a string or a list of strings. */
const STRING_KEYS = ["pipeline_tag", "library_name", "model_name", "base_model_relation"];
const STRING_OR_LIST_KEYS = ["license", "language", "tags", "datasets", "base_model", "metrics"];

function typeWarnings(card: Record<string, unknown>): Finding[] {
  const found: Finding[] = [];
  for (const key of STRING_KEYS) {
    if (key in card && card[key] !== null && typeof card[key] !== "string")
      found.push({ message: `"${key}" should be a string` });
  }
  for (const key of STRING_OR_LIST_KEYS) {
    const value = card[key];
    if (value === undefined || value === null || typeof value === "string") continue;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) continue;
    found.push({ message: `"${key}" should be a string or a list of strings` });
  }
  return found;
}

const LICENSES = new Set(HUB_LICENSE_IDS);

/** Values the Hub refuses outright (an upload with such a card fails validation). */
function valueErrors(card: Record<string, unknown>): Finding[] {
  const license = card.license;
  const given = typeof license === "string" ? [license] : Array.isArray(license) ? license : [];
  if (given.every((value) => typeof value !== "string" || LICENSES.has(value))) return [];
  return [{ message: `"license" must be one of [${HUB_LICENSE_IDS.join(", ")}]` }];
}

/** Checks a README's front matter the way `POST /api/validate-yaml` on the Hub does, before an upload. */
export function validateReadme(content: string): { errors: Finding[]; warnings: Finding[] } {
  const yamlText = frontMatterOf(content);
  if (yamlText === undefined) {
    if (
      content
        .replace(/^\uFEFF/, "")
        .trimStart()
        .startsWith("---")
    )
      return { errors: [{ message: "The YAML metadata block is not closed by a '---' line" }], warnings: [] };
    return { errors: [], warnings: [{ message: "Empty or missing yaml metadata in repo card" }] };
  }
  let value: unknown;
  try {
    value = parse(yamlText, { maxAliasCount: 100, uniqueKeys: true });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { errors: [{ message: `Invalid YAML in the metadata block: ${detail}` }], warnings: [] };
  }
  if (value === null || value === undefined)
    return { errors: [], warnings: [{ message: "Empty or missing yaml metadata in repo card" }] };
  if (typeof value !== "object" || Array.isArray(value))
    return { errors: [{ message: "The YAML metadata block must be a mapping (key: value)" }], warnings: [] };
  const card = value as Record<string, unknown>;
  return { errors: valueErrors(card), warnings: typeWarnings(card) };
}

/** The JSON body 1.x sends, or the form-encoded one of 0.x's `RepoCard.validate`. */
function requestBody(contentType: string | undefined, text: string): unknown {
  if (contentType?.startsWith("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(text);
    return { content: form.get("content") ?? undefined, repoType: form.get("repoType") ?? undefined };
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalid("Request body must be valid JSON");
  }
}

function plainReport(result: { errors: Finding[]; warnings: Finding[] }): string {
  return [
    ...result.errors.map((e) => `- Error: ${e.message}`),
    ...result.warnings.map((w) => `- Warning: ${w.message}`),
  ].join("\n");
}

/**
 * `POST /api/validate-yaml` `{content, repoType}` (JSON or form-encoded): `huggingface_hub` calls it before any upload that
 * carries a README.md. 200 `{errors: [], warnings}` when the card is usable, 400 with `errors` when not.
 */
export function validateYamlRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limit = boundedBody(
    MAX_VALIDATE_YAML_BYTES,
    `Request body is larger than ${MAX_VALIDATE_YAML_BYTES} bytes`,
  );
  app.post("/api/validate-yaml", limit, async (c) => {
    const body = await requestBody(c.req.header("Content-Type"), await c.req.text());
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw invalid("Request body must be a JSON object");
    const { content, repoType } = body as { content?: unknown; repoType?: unknown };
    if (typeof content !== "string") throw invalid('"content" must be a string');
    if (
      repoType !== undefined &&
      repoType !== null &&
      (typeof repoType !== "string" || !REPO_TYPES.has(repoType))
    )
      throw invalid('"repoType" must be one of model, dataset, space');
    const result = validateReadme(content);
    // 0.x's RepoCard.validate asks for text/plain and shows the body of a 400 as its ValueError
    if (c.req.header("Accept")?.includes("text/plain") && !c.req.header("Accept")?.includes("json"))
      return c.text(plainReport(result), result.errors.length > 0 ? 400 : 200);
    if (result.errors.length > 0)
      throw new HttpError(400, result.errors.map((e) => e.message).join("; "), undefined, {}, { ...result });
    return c.json(result);
  });
  return app;
}
