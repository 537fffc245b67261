import { z } from "zod";

/** A hub model id as the admin writes it in a backend's `models` map (`owner/name`). */
const HUB_MODEL_ID = /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/;
/** Backend names appear after `:` in `model` ("owner/name:backend"), in usage rows and in errors. */
const BACKEND_NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

const backendName = z.string().regex(BACKEND_NAME, "must be letters, digits, '.', '_' or '-' (at most 64)");
const timeoutMs = z.number().int().min(1).max(3_600_000).optional();

/** hub model id → what the backend serves it from (`value` says what that is for each kind). */
function modelsMap(value: z.ZodString) {
  return z
    .record(z.string().regex(HUB_MODEL_ID, "keys must be hub model ids (owner/name)"), value)
    .refine((models) => Object.keys(models).length > 0, "must map at least one hub model id");
}

const oneKeySource = (backend: { apiKey?: string; apiKeyEnv?: string }) =>
  !(backend.apiKey && backend.apiKeyEnv);
const ONE_KEY_SOURCE = "set apiKey or apiKeyEnv, not both";

/** What every backend reached over HTTP has. */
const httpBackendFields = {
  name: backendName,
  baseUrl: z.url({
    protocol: /^https?$/,
    error: "must be an http(s) URL such as http://127.0.0.1:8000/v1",
  }),
  apiKey: z.string().min(1).optional(),
  apiKeyEnv: z.string().min(1).optional(),
  models: modelsMap(z.string().min(1, "backend model names must not be empty")),
  timeoutMs,
};

const openAiCompatibleBackend = z
  .object({ ...httpBackendFields, kind: z.literal("openai-compatible") })
  .strict()
  .refine(oneKeySource, ONE_KEY_SOURCE);

/**
 * A Hub router (huggingface.co's, or another ModelHub's /v1) called with a token the admin holds;
 * `models` values are the router's ids (`org/model` or `org/model:provider`). `billTo` is sent as
 * X-HF-Bill-To on every call (the caller's own header never is).
 */
const upstreamBackend = z
  .object({
    ...httpBackendFields,
    kind: z.literal("upstream"),
    billTo: z
      .string()
      .regex(/^[A-Za-z0-9][\w.-]{0,95}$/, "must be an organization name")
      .optional(),
  })
  .strict()
  .refine(oneKeySource, ONE_KEY_SOURCE)
  .refine(
    (backend) => Boolean(backend.apiKey || backend.apiKeyEnv),
    "an upstream router needs apiKey or apiKeyEnv",
  );

/** A GGUF file of the model repo (`path/in/repo.gguf`), or "auto" to pick one by quantisation. */
const GGUF_CHOICE = /^(auto|[^\0]*\.gguf)$/i;

/** llama.cpp inside the hub process, serving GGUF files from the hub's own storage. */
const embeddedBackend = z
  .object({
    name: backendName,
    kind: z.literal("embedded"),
    models: modelsMap(z.string().regex(GGUF_CHOICE, 'values must be a .gguf file of the repo or "auto"')),
    maxLoadedModels: z.number().int().min(1).max(64).optional(),
    maxMemoryMB: z.number().int().min(1).optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    maxQueue: z.number().int().min(0).max(10_000).optional(),
    contextSize: z.number().int().min(64).max(1_048_576).optional(),
    threads: z.number().int().min(1).max(256).optional(),
    timeoutMs,
  })
  .strict();

const backend = z.discriminatedUnion("kind", [openAiCompatibleBackend, upstreamBackend, embeddedBackend]);

const limits = z
  .object({
    requestsPerMinute: z.number().int().min(1).max(1_000_000).optional(),
    monthlyTokenQuota: z.number().int().min(1).optional(),
  })
  .strict();

/** Periodic checks of every backend (`GET <baseUrl>/models`); see health/checker.ts. */
const health = z
  .object({
    intervalMs: z.number().int().min(50).max(86_400_000).optional(),
    timeoutMs: z.number().int().min(50).max(600_000).optional(),
    failuresBeforeStaging: z.number().int().min(1).max(100).optional(),
  })
  .strict();

/** The file named by MODELHUB_INFERENCE_CONFIG. */
export const inferenceFileSchema = z
  .object({
    backends: z.array(backend),
    limits: limits.optional(),
    health: health.optional(),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.backends.forEach((backend, index) => {
      const key = backend.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["backends", index, "name"],
          message: `duplicate name "${backend.name}"`,
        });
      seen.add(key);
    });
  });

export type InferenceFile = z.infer<typeof inferenceFileSchema>;
export type EmbeddedBackendEntry = z.infer<typeof embeddedBackend>;
