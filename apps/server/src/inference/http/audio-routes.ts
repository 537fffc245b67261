import type { Hono } from "hono";
import { clientGoneSignal } from "../../http-kit/client-gone.js";
import type { AppEnv } from "../../http-kit/contracts.js";
import { requireUser } from "../../platform/access-rules.js";
import { badRequest } from "../../domain/errors.js";
import { BILL_TO_HEADER, resolveBillTo } from "../bill-to.js";
import { readableModel } from "../model-access.js";
import { ONNX_BACKEND_NAME } from "../onnx/onnx-backend.js";
import { SPEECH_FAMILY, type RecognitionInput, type Transcript } from "../onnx/families/speech/job.js";
import {
  formatTranscript,
  TRANSCRIPT_FORMATS,
  type TranscriptFormat,
} from "../onnx/families/speech/transcript-formats.js";
import type { TaskRouteDeps } from "./task-routes.js";
import { boundedBody } from "../../http-kit/body-limit.js";

/** Form fields OpenAI's transcription endpoint defines that the hub honours or accepts at their default. */
const KNOWN_FIELDS = new Set([
  "file",
  "model",
  "response_format",
  "language",
  "temperature",
  "prompt",
  "timestamp_granularities[]",
  "timestamp_granularities",
  "stream",
]);

function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  if (value === null) return undefined;
  if (typeof value !== "string") throw badRequest(`"${name}" must be a text field`);
  return value.trim() === "" ? undefined : value.trim();
}

/**
 * OpenAI's speech-to-text endpoint on the ONNX backend, so `client.audio.transcriptions.create(...)` of
 * the `openai` clients works with `base_url=<hub>/v1`:
 * POST /v1/audio/transcriptions (multipart: `file`, `model`, `response_format` json | text |
 * verbose_json | srt | vtt, `language`, `temperature`). The model is a hub automatic-speech-recognition
 * model the ONNX backend serves; same token rules, gate, limits, bill-to and usage rows as the task API.
 */
export function mountAudioRoutes(app: Hono<AppEnv>, deps: TaskRouteDeps): void {
  const limit = boundedBody(
    deps.backend.settings.maxBodyBytes,
    `The file is larger than this hub accepts (${deps.backend.settings.maxBodyBytes} bytes)`,
  );
  app.post("/v1/audio/transcriptions", limit, async (c) => {
    const user = requireUser(c.var.viewer);
    const type = (c.req.header("Content-Type") ?? "").toLowerCase();
    if (!type.startsWith("multipart/form-data"))
      throw badRequest("POST /v1/audio/transcriptions takes multipart/form-data with a file and a model");
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest("The multipart body could not be read");
    }
    const unknown = [...new Set(form.keys())].filter((key) => !KNOWN_FIELDS.has(key));
    if (unknown.length > 0)
      throw badRequest(`Unsupported field(s) on this hub: ${unknown.map((key) => `"${key}"`).join(", ")}`);
    const modelId = field(form, "model");
    if (!modelId) throw badRequest('"model" is required: a hub model id such as "owner/name"');
    const file = form.get("file");
    if (!file || typeof file === "string") throw badRequest('"file" is required: the audio file');
    if (file.size === 0) throw badRequest('"file" is empty');
    const format = (field(form, "response_format") ?? "json") as TranscriptFormat;
    if (!TRANSCRIPT_FORMATS.includes(format))
      throw badRequest(`"response_format" must be one of ${TRANSCRIPT_FORMATS.join(", ")}`);
    if (field(form, "stream") === "true")
      throw badRequest('"stream" is not offered for transcriptions on this hub');
    const temperatureText = field(form, "temperature");
    const temperature = temperatureText === undefined ? 0 : Number(temperatureText);
    if (!Number.isFinite(temperature) || temperature < 0 || temperature > 1)
      throw badRequest('"temperature" must be a number from 0 to 1');
    const language = field(form, "language");
    if (language !== undefined && !/^[a-z]{2,3}$/i.test(language))
      throw badRequest('"language" must be an ISO-639-1 code such as "en"');

    const row = await readableModel(deps.repos, deps.access, c.var.viewer, modelId.replace(/:onnx$/i, ""));
    const model = deps.backend.servable(row);
    if (typeof model === "string" || row.pipeline_tag !== "automatic-speech-recognition")
      throw badRequest(
        `Model ${row.full_id} is not a speech recognition model this hub runs${typeof model === "string" ? `: ${model}` : ""}`,
      );
    const billTo = await resolveBillTo(deps.accounts, user, c.req.header(BILL_TO_HEADER));
    await deps.limiter.admit(user);

    const timed = format !== "json" && format !== "text";
    const input: RecognitionInput = {
      returnTimestamps: timed,
      language: language?.toLowerCase(),
      options: temperature > 0 ? { do_sample: true, temperature } : { do_sample: false },
      maxSeconds: deps.backend.settings.maxAudioSeconds,
    };
    const job = {
      family: SPEECH_FAMILY,
      task: "automatic-speech-recognition",
      input,
      media: new Uint8Array(await file.arrayBuffer()),
    };
    const startedAt = new Date();
    const record = (status: number, completionTokens: number) =>
      void deps.usage
        .record({
          user,
          billTo,
          model: row.full_id,
          backend: ONNX_BACKEND_NAME,
          route: "audio/transcriptions",
          streamed: false,
          promptTokens: 0,
          completionTokens,
          durationMs: Date.now() - startedAt.getTime(),
          status,
          startedAt,
        })
        .catch(deps.onRecordError);
    let transcript: Transcript;
    try {
      const result = await deps.backend.run(
        row,
        model,
        job,
        { authorization: c.req.header("Authorization"), cookie: c.req.header("Cookie") },
        clientGoneSignal(c),
      );
      transcript = result.output as Transcript;
      record(200, result.completionTokens ?? 0);
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      record(typeof status === "number" ? status : 500, 0);
      throw err;
    }
    const answer = formatTranscript(transcript, format, {
      duration: transcript.duration ?? 0,
      language,
      task: "transcribe",
    });
    return new Response(answer.body, { status: 200, headers: { "Content-Type": answer.contentType } });
  });
}
