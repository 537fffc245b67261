import {
  samplingErrors,
  type SamplingErrors,
  type SamplingFields,
} from "../../lib/snippets/panel-options.js";

export type { SamplingFields };

export const EMPTY_SAMPLING: SamplingFields = { temperature: "", maxTokens: "", topP: "" };

/** The sampling parameters of a gateway request, in OpenAI's names. */
export interface SamplingParams {
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
}

/**
 * The typed settings checked the way the snippet panel checks them: the request parameters when every
 * field is valid (empty fields are left to the backend), else the messages to show.
 */
export function checkSampling(
  fields: SamplingFields,
): { ok: true; params: SamplingParams } | { ok: false; errors: SamplingErrors } {
  const errors = samplingErrors(fields);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const params: SamplingParams = {};
  const temperature = fields.temperature.trim();
  const maxTokens = fields.maxTokens.trim();
  const topP = fields.topP.trim();
  if (temperature) params.temperature = Number(temperature);
  if (maxTokens) params.max_tokens = Number(maxTokens);
  if (topP) params.top_p = Number(topP);
  return { ok: true, params };
}

/** The gateway's `model`: the hub id, or `id:backend` to ask one backend when several serve it. */
export function gatewayModel(modelId: string, backend: string | undefined): string {
  return backend ? `${modelId}:${backend}` : modelId;
}
