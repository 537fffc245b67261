import type { ModelData, PipelineType } from "@modelhub/tasks";
import type { InferenceRequest } from "../request/build-request.js";
import type { InferenceTask, SnippetLanguage, SnippetOptions } from "../types.js";
import type { PreparedInput } from "./prepared-input.js";
import type { TokenSource } from "./token.js";

/** Everything a client template reads; built once per call, never mutated. */
export interface SnippetContext {
  readonly model: ModelData;
  readonly pipeline: PipelineType;
  /** Provider as requested (`auto` stays `auto`). */
  readonly provider: string;
  /** The task the provider serves (`conversational` for chat models). */
  readonly task: InferenceTask;
  readonly input: PreparedInput;
  /** The request raw-HTTP clients send (same builder as real calls). */
  readonly request: InferenceRequest;
  readonly token: TokenSource;
  readonly options: SnippetOptions;
  readonly direct: boolean;
  /** `model` value of chat snippets. */
  readonly chatModel: string;
  /** Base URL handed to OpenAI-compatible clients. */
  readonly openAiBaseUrl: string;
  /** Where snippets save binary answers. */
  readonly outputFile: string;
}

/** One client's renderer: the snippet text, or undefined when it cannot serve the context. */
export interface ClientTemplate {
  readonly language: SnippetLanguage;
  readonly client: string;
  render(ctx: SnippetContext): string | undefined;
}
