import type { InferenceProviderMapping, InferenceTask } from "../types.js";
import {
  PROVIDERS,
  findProvider,
  type ProviderDefinition,
  type TaskHelper,
  type ResponseKind,
} from "../providers/index.js";
import type { RequestBody, TaskArgs } from "./body.js";

export const ROUTER_URL = "https://router.huggingface.co";
export const AUTO_ROUTER_BASE_URL = `${ROUTER_URL}/v1`;
export const DEFAULT_HUB_URL = "https://huggingface.co";

/** Raised when a provider cannot serve a request; the message says why. */
export class InferenceRequestError extends Error {
  override name = "InferenceRequestError";
}

export interface InferenceRequestInput {
  /** A provider name, or `auto` to let the router choose. */
  provider: string;
  task: InferenceTask;
  /** Hub model id (`owner/name`). */
  model: string;
  mapping?: InferenceProviderMapping;
  args: TaskArgs;
  /** `hf_…` tokens go through the router; any other key goes straight to the provider. */
  accessToken?: string;
  /** Send to the provider's own API even without a provider key. */
  directRequest?: boolean;
  endpointUrl?: string;
  billTo?: string;
  /** Ask for a streamed chat answer. */
  stream?: boolean;
  /** Chat through the router's OpenAI-compatible URL with `model` = `id:provider`. */
  autoRouter?: boolean;
  /** Hub serving LoRA weights (default https://huggingface.co). */
  hubUrl?: string;
}

export interface InferenceRequest {
  url: string;
  method: "POST";
  /** Every header to send, including Authorization when a token was given. */
  headers: Record<string, string>;
  /** The Authorization header split into scheme and token, so snippets can show the token their way. */
  authorization?: { scheme: "Bearer" | "Key"; token: string };
  body: RequestBody;
  response: ResponseKind;
  /** The provider that serves the request (`auto` only for the router's chat URL). */
  provider: string;
  /** Whether the request goes straight to the provider rather than through the router. */
  direct: boolean;
  /** The `model` value the provider receives. */
  providerModelId: string;
}

/**
 * The provider `auto` falls back to for a task: the mapping's provider, hf-inference, else the first that
 * serves it; never a closed-source provider, which the router cannot reach with an HF token.
 */
function autoProvider(task: InferenceTask, mapping?: InferenceProviderMapping): ProviderDefinition {
  const preferred = mapping ? findProvider(mapping.provider) : undefined;
  const candidates = [preferred, findProvider("hf-inference"), ...PROVIDERS];
  const found = candidates.find((p) => p?.routable && p.tasks[task]);
  if (!found) throw new InferenceRequestError(`Task '${task}' is not served by any provider.`);
  return found;
}

function helperFor(provider: ProviderDefinition, task: InferenceTask): TaskHelper {
  const helper = provider.tasks[task];
  if (!helper) {
    const available = Object.keys(provider.tasks).join(", ");
    throw new InferenceRequestError(
      `Task '${task}' not supported for provider '${provider.id}'. Available tasks: ${available}`,
    );
  }
  return helper;
}

const SLASH = 0x2f;

function joinUrl(base: string, route: string, query?: string): string {
  let end = base.length;
  while (end > 0 && base.charCodeAt(end - 1) === SLASH) end--;
  let start = 0;
  while (start < route.length && route.charCodeAt(start) === SLASH) start++;
  const url = `${end === base.length ? base : base.slice(0, end)}/${start === 0 ? route : route.slice(start)}`;
  if (!query) return url;
  return url + (url.includes("?") ? "&" : "?") + query;
}

function providerModelIdOf(provider: ProviderDefinition, input: InferenceRequestInput): string {
  // An endpoint serves the model under its Hub id, not under a provider's name for it.
  if (input.endpointUrl) return input.model;
  const id = input.mapping?.providerId ?? input.model;
  // Models of client-side-only providers are written `<provider>/<name>` on the Hub.
  if (!provider.routable && id.startsWith(`${provider.id}/`)) return id.slice(provider.id.length + 1);
  return id;
}

/**
 * The HTTP request that calls `task` on `provider`: used by snippets and by real calls alike.
 * Throws InferenceRequestError when the provider cannot serve it.
 */
export function buildInferenceRequest(input: InferenceRequestInput): InferenceRequest {
  if (/^https?:\/\//.test(input.model))
    throw new InferenceRequestError("Model URLs are no longer supported; pass a model id.");
  const isAuto = input.provider === "auto" && !input.endpointUrl;
  // An endpoint follows the endpoint protocol (hf-inference's task shapes) whichever provider was named.
  const provider = input.endpointUrl
    ? PROVIDERS.find((p) => p.acceptsEndpointUrl)
    : isAuto
      ? autoProvider(input.task, input.mapping)
      : findProvider(input.provider);
  if (!provider) throw new InferenceRequestError(`Provider '${input.provider}' not supported.`);
  const helper = helperFor(provider, input.task);
  const token = input.accessToken;
  const hfToken = token?.startsWith("hf_") ?? false;
  if (!provider.routable && hfToken) {
    throw new InferenceRequestError(
      `Provider ${provider.id} is closed-source and does not support HF tokens. ` +
        `Use an API key of ${provider.id} (a direct request) instead.`,
    );
  }
  const direct = !provider.routable || input.directRequest === true || (token !== undefined && !hfToken);
  const autoRouter =
    input.task === "conversational" && !input.endpointUrl && !direct && (isAuto || input.autoRouter === true);
  if (autoRouter && token !== undefined && !hfToken) {
    throw new InferenceRequestError("Cannot select auto-router when using non-Hugging Face API key.");
  }

  const providerModelId = providerModelIdOf(provider, input);
  const args: TaskArgs = input.stream ? { ...input.args, stream: true } : input.args;
  const ctx = {
    task: input.task,
    model: input.model,
    providerModelId,
    mapping: input.mapping,
    args,
    direct,
    endpointUrl: input.endpointUrl,
    hubUrl: input.hubUrl ?? DEFAULT_HUB_URL,
  };
  let body = helper.body(ctx);
  let url: string;
  let modelSent = providerModelId;
  if (autoRouter) {
    modelSent = isAuto ? input.model : `${input.model}:${provider.id}`;
    url = `${AUTO_ROUTER_BASE_URL}/chat/completions`;
    if (body.type === "json") {
      const { model: _replaced, ...rest } = body.value;
      body = { type: "json", value: { model: modelSent, ...rest } };
    }
  } else if (input.endpointUrl && helper.endpoint) {
    url = helper.endpoint(input.endpointUrl, ctx);
  } else {
    const base = direct ? (helper.directBaseUrl ?? provider.directBaseUrl) : `${ROUTER_URL}/${provider.id}`;
    url = joinUrl(base, helper.route(ctx), direct ? undefined : helper.routedQuery);
  }

  const headers: Record<string, string> = {};
  let authorization: InferenceRequest["authorization"];
  if (token !== undefined) {
    authorization = { scheme: direct ? provider.directAuthScheme : "Bearer", token };
    headers.Authorization = `${authorization.scheme} ${token}`;
  }
  if (body.type === "json") headers["Content-Type"] = "application/json";
  if (body.type === "file") headers["Content-Type"] = body.contentType;
  Object.assign(headers, provider.headers);
  if (input.billTo) headers["X-HF-Bill-To"] = input.billTo;

  const response: ResponseKind = helper.response === "chat" && input.stream ? "chat-stream" : helper.response;
  return {
    url,
    method: "POST",
    headers,
    authorization,
    body,
    response,
    provider: autoRouter && isAuto ? "auto" : provider.id,
    direct,
    providerModelId: modelSent,
  };
}
