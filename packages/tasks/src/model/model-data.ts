import type { PipelineType } from "../pipelines/pipeline-types.js";

/** One widget example as written in a model card (`widget:` front matter). */
export interface WidgetExample {
  text?: string;
  source_sentence?: string;
  sentences?: string[];
  src?: string;
  example_title?: string;
  context?: string;
  table?: Record<string, string[]>;
  candidate_labels?: string;
  messages?: ChatMessage[];
  [key: string]: unknown;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant" | (string & {});
  content: string | ChatContentPart[];
}

export type ChatContentPart =
  { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export interface TransformersInfo {
  auto_model: string;
  processor?: string;
  pipeline_tag?: PipelineType;
  custom_class?: string;
}

export interface GgufInfo {
  total?: number;
  architecture?: string;
  context_length?: number;
  chat_template?: string;
  bos_token?: string;
  eos_token?: string;
}

/** What the snippet generators read about a model. Mirrors the Hub's model record. */
export interface ModelData {
  id: string;
  tags?: string[];
  pipeline_tag?: PipelineType;
  library_name?: string;
  mask_token?: string;
  config?: {
    architectures?: string[];
    model_type?: string;
    quantization_config?: { quant_method?: string; [key: string]: unknown };
    auto_map?: Record<string, string>;
    peft?: { task_type?: string; base_model_name_or_path?: string };
    sklearn?: { model?: { file?: string }; model_format?: string; filename?: string; [key: string]: unknown };
    keras_hub?: { tasks?: string[] };
    speechbrain?: { speechbrain_interface?: string; vocoder_interface?: string; vocoder_model_id?: string };
    tokenizer_config?: {
      chat_template?: string | { name: string; template: string }[];
      bos_token?: string | { content: string };
      eos_token?: string | { content: string };
      mask_token?: string | { content: string };
    };
    processor_config?: { chat_template?: string };
    chat_template_jinja?: string;
    diffusers?: { _class_name?: string };
    [key: string]: unknown;
  };
  cardData?: {
    base_model?: string | string[];
    instance_prompt?: string | null;
    license?: string;
    language?: string | string[];
    datasets?: string | string[];
    tags?: string[];
    pipeline_tag?: string;
    library_name?: string;
    widget?: WidgetExample[];
    [key: string]: unknown;
  };
  widgetData?: WidgetExample[];
  transformersInfo?: TransformersInfo;
  gguf?: GgufInfo;
  siblings?: { rfilename: string }[];
  inference?: string;
}
