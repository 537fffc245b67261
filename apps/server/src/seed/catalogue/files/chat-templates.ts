/**
 * Jinja chat templates by prompt-format family, written for the demo catalogue. Each renders the
 * `messages` list in the family's turn markers and opens an assistant turn when asked to.
 */
export type TemplateFamily =
  "llama3" | "chatml" | "gemma" | "mistral" | "phi3" | "deepseek" | "zephyr" | "harmony" | "llava";

interface Markers {
  bos?: string;
  open: (role: string) => string;
  close: string;
  assistant: string;
  /** Gemma calls the assistant "model". */
  renameAssistant?: string;
}

const FAMILIES: Record<Exclude<TemplateFamily, "mistral">, Markers> = {
  llama3: {
    bos: "<|begin_of_text|>",
    open: (role) => `'<|start_header_id|>' + ${role} + '<|end_header_id|>\\n\\n'`,
    close: "'<|eot_id|>'",
    assistant: "'<|start_header_id|>assistant<|end_header_id|>\\n\\n'",
  },
  chatml: {
    open: (role) => `'<|im_start|>' + ${role} + '\\n'`,
    close: "'<|im_end|>\\n'",
    assistant: "'<|im_start|>assistant\\n'",
  },
  gemma: {
    bos: "<bos>",
    open: (role) => `'<start_of_turn>' + ${role} + '\\n'`,
    close: "'<end_of_turn>\\n'",
    assistant: "'<start_of_turn>model\\n'",
    renameAssistant: "model",
  },
  phi3: {
    open: (role) => `'<|' + ${role} + '|>\\n'`,
    close: "'<|end|>\\n'",
    assistant: "'<|assistant|>\\n'",
  },
  deepseek: {
    bos: "<｜begin▁of▁sentence｜>",
    open: (role) =>
      `(${role} == 'user') and '<｜User｜>' or (${role} == 'assistant') and '<｜Assistant｜>' or ''`,
    close: "(message['role'] == 'assistant') and '<｜end▁of▁sentence｜>' or ''",
    assistant: "'<｜Assistant｜><think>\\n'",
  },
  zephyr: {
    open: (role) => `'<|' + ${role} + '|>\\n'`,
    close: "'</s>\\n'",
    assistant: "'<|assistant|>\\n'",
  },
  harmony: {
    open: (role) => `'<|start|>' + ${role} + '<|message|>'`,
    close: "'<|end|>'",
    assistant: "'<|start|>assistant'",
  },
  llava: {
    open: (role) => `(${role} | upper) + ': '`,
    close: "'\\n'",
    assistant: "'ASSISTANT:'",
  },
};

function contentExpression(): string {
  return "{% if message['content'] is string %}{{ message['content'] }}{% else %}{% for part in message['content'] %}{% if part['type'] == 'text' %}{{ part['text'] }}{% elif part['type'] == 'image' %}<image>{% endif %}{% endfor %}{% endif %}";
}

function markerTemplate(markers: Markers): string {
  const role = markers.renameAssistant
    ? `(message['role'] == 'assistant') and '${markers.renameAssistant}' or message['role']`
    : "message['role']";
  return [
    markers.bos ? `{{ '${markers.bos}' }}` : "",
    "{% for message in messages %}",
    `{{ ${markers.open(`(${role})`)} }}`,
    contentExpression(),
    `{{ ${markers.close} }}`,
    "{% endfor %}",
    `{% if add_generation_prompt %}{{ ${markers.assistant} }}{% endif %}`,
  ].join("");
}

/** Mistral's format has no system turn: a system message is folded into the first user turn. */
function mistralTemplate(): string {
  return [
    "{{ '<s>' }}",
    "{% set system = (messages[0]['role'] == 'system') and messages[0]['content'] or '' %}",
    "{% for message in messages %}{% if message['role'] == 'user' %}",
    "{{ '[INST] ' }}{% if system and loop.index0 <= 1 %}{{ system + '\\n\\n' }}{% endif %}",
    contentExpression(),
    "{{ ' [/INST]' }}",
    "{% elif message['role'] == 'assistant' %}",
    contentExpression(),
    "{{ '</s>' }}",
    "{% endif %}{% endfor %}",
  ].join("");
}

export function chatTemplate(family: TemplateFamily): string {
  return family === "mistral" ? mistralTemplate() : markerTemplate(FAMILIES[family]);
}

/** Special tokens a tokenizer_config.json of that family declares. */
export function familyTokens(family: TemplateFamily): { bos_token: string; eos_token: string } {
  switch (family) {
    case "llama3":
      return { bos_token: "<|begin_of_text|>", eos_token: "<|eot_id|>" };
    case "gemma":
      return { bos_token: "<bos>", eos_token: "<end_of_turn>" };
    case "mistral":
    case "zephyr":
    case "llava":
      return { bos_token: "<s>", eos_token: "</s>" };
    case "phi3":
      return { bos_token: "<s>", eos_token: "<|end|>" };
    case "deepseek":
      return { bos_token: "<｜begin▁of▁sentence｜>", eos_token: "<｜end▁of▁sentence｜>" };
    case "harmony":
      return { bos_token: "<|startoftext|>", eos_token: "<|return|>" };
    default:
      return { bos_token: "<|endoftext|>", eos_token: "<|im_end|>" };
  }
}

const FAMILY_OF_MODEL_TYPE: Record<string, TemplateFamily> = {
  llama: "llama3",
  mllama: "llama3",
  llama4: "llama3",
  gemma: "gemma",
  gemma2: "gemma",
  gemma3: "gemma",
  gemma3_text: "gemma",
  recurrent_gemma: "gemma",
  mistral: "mistral",
  mixtral: "mistral",
  mistral3: "mistral",
  phi3: "phi3",
  phi4mm: "phi3",
  deepseek_v3: "deepseek",
  gpt_oss: "harmony",
  "gpt-oss": "harmony",
  llava: "llava",
};

export function isTemplateFamily(name: string): name is TemplateFamily {
  return ["llama3", "chatml", "gemma", "mistral", "phi3", "deepseek", "zephyr", "harmony", "llava"].includes(
    name,
  );
}

/** The family named by the row's `tpl=` flag, else the usual one for its model type, else ChatML. */
export function templateFamilyFor(
  explicit: string | undefined,
  modelType: string | undefined,
): TemplateFamily {
  if (explicit && isTemplateFamily(explicit)) return explicit;
  return (modelType && FAMILY_OF_MODEL_TYPE[modelType]) || "chatml";
}
