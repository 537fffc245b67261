import type { InferenceProviderMapping, InferenceTask } from "../types.js";
import type { RequestBody, TaskArgs } from "../request/body.js";

/** How a response is read: plain JSON, raw bytes, chat (optionally streamed), or a job to poll. */
export type ResponseKind = "json" | "binary" | "chat" | "chat-stream" | "job";

/** What a task helper knows when it shapes a request. */
export interface RequestContext {
  task: InferenceTask;
  /** Hub model id. */
  model: string;
  /** The provider's id for the model (mapping `providerId`, else the Hub id). */
  providerModelId: string;
  mapping?: InferenceProviderMapping;
  args: TaskArgs;
  /** Provider key sent straight to the provider (not through the router). */
  direct: boolean;
  endpointUrl?: string;
  /** Base URL of the hub hosting LoRA weights. */
  hubUrl: string;
}

/** How one provider serves one task. */
export interface TaskHelper {
  /** Path under the provider's base URL (no leading slash), query string allowed. */
  route(ctx: RequestContext): string;
  body(ctx: RequestContext): RequestBody;
  response: ResponseKind;
  /** Replaces the provider's direct base URL for this task. */
  directBaseUrl?: string;
  /** Appended to the URL only on the routed path. */
  routedQuery?: string;
  /** A complete URL built from `endpointUrl` (only providers that accept endpoints). */
  endpoint?(endpointUrl: string, ctx: RequestContext): string;
}

export type TaskHelpers = { readonly [T in InferenceTask]?: TaskHelper };

export interface ProviderDefinition {
  /** Provider name as written in `provider=` options. */
  readonly id: string;
  /** Organisation that represents the provider on the Hub. */
  readonly hubOrg: string;
  /** Base URL of the provider's own API (used with a provider key). */
  readonly directBaseUrl: string;
  /** False when the router cannot reach the provider (HF tokens rejected). */
  readonly routable: boolean;
  /** Authorization scheme with a provider key (router calls always use Bearer). */
  readonly directAuthScheme: "Bearer" | "Key";
  /** Headers every request carries. */
  readonly headers: Readonly<Record<string, string>>;
  /** Whether this provider's task shapes are the endpoint protocol every `endpointUrl` request follows. */
  readonly acceptsEndpointUrl: boolean;
  readonly tasks: TaskHelpers;
}

type ProviderSpec = Pick<ProviderDefinition, "id" | "hubOrg" | "directBaseUrl" | "tasks"> &
  Partial<Omit<ProviderDefinition, "id" | "hubOrg" | "directBaseUrl" | "tasks">>;

/** Declares a provider; unspecified behaviour takes the common defaults. */
export function defineProvider<const Id extends string>(
  spec: ProviderSpec & { readonly id: Id },
): ProviderDefinition & { readonly id: Id } {
  return {
    routable: true,
    directAuthScheme: "Bearer",
    headers: {},
    acceptsEndpointUrl: false,
    ...spec,
  };
}
