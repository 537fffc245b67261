import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { DEFAULT_HEALTH } from "./health/health-settings.js";
import { inferenceFileSchema, type InferenceFile } from "./config-schema.js";
import { embeddedBackendSettings } from "./embedded/embedded-settings.js";
import {
  DEFAULT_BACKEND_TIMEOUT_MS,
  DEFAULT_REQUESTS_PER_MINUTE,
  type BackendSettings,
  type InferenceSettings,
} from "./settings.js";

/** A bad inference config file; the message is one line, ready for the start-up error. */
export class InferenceConfigError extends Error {}

const VARIABLE = "MODELHUB_INFERENCE_CONFIG";

/** Reads and validates the backends file; `env` resolves each `apiKeyEnv`. */
export function loadInferenceSettings(
  file: string,
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): InferenceSettings {
  const location = path.resolve(cwd, file);
  let text: string;
  try {
    text = fs.readFileSync(location, "utf8");
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? "unreadable";
    throw new InferenceConfigError(`${VARIABLE} file ${location} cannot be read (${reason})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new InferenceConfigError(
      `${VARIABLE} file ${location} is not valid JSON: ${(err as Error).message}`,
    );
  }
  const parsed = inferenceFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new InferenceConfigError(`${VARIABLE} file ${location}: ${describeIssues(parsed.error)}`);
  }
  return toSettings(parsed.data, env, location);
}

function toSettings(
  file: InferenceFile,
  env: Record<string, string | undefined>,
  location: string,
): InferenceSettings {
  const backends = file.backends.map((backend, index): BackendSettings => {
    if (backend.kind === "embedded") return embeddedBackendSettings(backend);
    let apiKey = backend.apiKey;
    if (backend.apiKeyEnv !== undefined) {
      apiKey = env[backend.apiKeyEnv]?.trim() || undefined;
      if (apiKey === undefined)
        throw new InferenceConfigError(
          `${VARIABLE} file ${location}: backends[${index}].apiKeyEnv names ${backend.apiKeyEnv}, which is not set`,
        );
    }
    return {
      name: backend.name,
      kind: backend.kind,
      baseUrl: backend.baseUrl.replace(/\/+$/, ""),
      apiKey,
      models: backend.models,
      timeoutMs: backend.timeoutMs ?? DEFAULT_BACKEND_TIMEOUT_MS,
      ...(backend.kind === "upstream" && backend.billTo ? { billTo: backend.billTo } : {}),
    };
  });
  return {
    backends,
    limits: {
      requestsPerMinute: file.limits?.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
      monthlyTokenQuota: file.limits?.monthlyTokenQuota,
    },
    ...(file.health ? { health: { ...DEFAULT_HEALTH, ...file.health } } : {}),
  };
}

/** `backends[0].baseUrl: must be an http(s) URL …; limits: unknown key "x"` on one line. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const where = issue.path
        .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
        .join("");
      return `${where.replace(/^\./, "") || "(top level)"}: ${innermostMessage(issue)}`;
    })
    .join("; ")
    .replace(/\s*\n\s*/g, " ");
}

/** An invalid record key carries the key check's own message one level down. */
function innermostMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_key" && issue.issues.length > 0) return innermostMessage(issue.issues[0]);
  return issue.message;
}
