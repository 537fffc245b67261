import { byteBpeTokenizer, type ByteBpe } from "../byte-bpe-tokenizer.js";
import { DEMO_OWNER } from "../demo-onnx-models.js";
import { json, type DemoOnnxFile, type RunnableDemoModel } from "../demo-model.js";
import { decoderOnlyGraph } from "../graphs/decoder-only.js";
import { unprintableBytes } from "../layers.js";

/** Keeps the random models' text readable: no control characters or stray UTF-8 bytes unless prompted. */
const READABLE = [{ tokens: unprintableBytes(), value: -6 }];

/**
 * Decoder-only text generators in the layout transformers.js exports have on the Hub: a Llama-shaped
 * chat model with a key/value cache and a ChatML template (like onnx-community/SmolLM2-*-Instruct),
 * and a GPT-2-shaped completion model whose graph has no cache (like early Xenova exports).
 */

const HIDDEN = 32;
const POSITIONS = 512;
const END_OF_TEXT = "<|endoftext|>";
const IM_START = "<|im_start|>";
const IM_END = "<|im_end|>";

/** ChatML, as SmolLM2 / Qwen templates write it. */
const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}" +
  "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

let shared: ByteBpe | undefined;
function tokenizer(): ByteBpe {
  shared ??= byteBpeTokenizer({
    added: [END_OF_TEXT, IM_START, IM_END].map((content) => ({ content, special: true })),
  });
  return shared;
}

function chatModelFiles(): DemoOnnxFile[] {
  const bpe = tokenizer();
  const eos = bpe.id(IM_END);
  const config = {
    architectures: ["LlamaForCausalLM"],
    model_type: "llama",
    hidden_size: HIDDEN,
    intermediate_size: HIDDEN,
    num_hidden_layers: 2,
    num_attention_heads: 1,
    num_key_value_heads: 1,
    head_dim: HIDDEN,
    hidden_act: "silu",
    max_position_embeddings: POSITIONS,
    rms_norm_eps: 1e-5,
    tie_word_embeddings: true,
    vocab_size: bpe.size,
    bos_token_id: bpe.id(IM_START),
    eos_token_id: eos,
    pad_token_id: bpe.id(END_OF_TEXT),
    torch_dtype: "float32",
  };
  return [
    { path: "config.json", content: json(config) },
    {
      path: "generation_config.json",
      content: json({
        bos_token_id: bpe.id(IM_START),
        eos_token_id: [eos, bpe.id(END_OF_TEXT)],
        pad_token_id: bpe.id(END_OF_TEXT),
      }),
    },
    {
      path: "special_tokens_map.json",
      content: json({ bos_token: IM_START, eos_token: IM_END, pad_token: END_OF_TEXT }),
    },
    { path: "tokenizer.json", content: json(bpe.json) },
    {
      path: "tokenizer_config.json",
      content: json({
        tokenizer_class: "GPT2Tokenizer",
        add_bos_token: false,
        add_prefix_space: false,
        bos_token: IM_START,
        eos_token: IM_END,
        pad_token: END_OF_TEXT,
        unk_token: END_OF_TEXT,
        model_max_length: POSITIONS,
        clean_up_tokenization_spaces: false,
        chat_template: CHAT_TEMPLATE,
      }),
    },
    {
      path: "onnx/model.onnx",
      content: decoderOnlyGraph(201, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        layers: 2,
        positions: POSITIONS,
        cache: true,
        biases: READABLE,
      }),
    },
  ];
}

function completionModelFiles(): DemoOnnxFile[] {
  const bpe = tokenizer();
  const end = bpe.id(END_OF_TEXT);
  const config = {
    architectures: ["GPT2LMHeadModel"],
    model_type: "gpt2",
    n_embd: HIDDEN,
    n_head: 1,
    n_layer: 1,
    n_positions: POSITIONS,
    n_ctx: POSITIONS,
    vocab_size: bpe.size,
    bos_token_id: end,
    eos_token_id: end,
    tie_word_embeddings: true,
    use_cache: false,
  };
  return [
    { path: "config.json", content: json(config) },
    { path: "generation_config.json", content: json({ bos_token_id: end, eos_token_id: end }) },
    {
      path: "special_tokens_map.json",
      content: json({ bos_token: END_OF_TEXT, eos_token: END_OF_TEXT, unk_token: END_OF_TEXT }),
    },
    { path: "tokenizer.json", content: json(bpe.json) },
    {
      path: "tokenizer_config.json",
      content: json({
        tokenizer_class: "GPT2Tokenizer",
        add_bos_token: false,
        add_prefix_space: false,
        bos_token: END_OF_TEXT,
        eos_token: END_OF_TEXT,
        unk_token: END_OF_TEXT,
        model_max_length: POSITIONS,
        clean_up_tokenization_spaces: false,
      }),
    },
    {
      path: "onnx/model.onnx",
      content: decoderOnlyGraph(202, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        layers: 1,
        positions: POSITIONS,
        cache: false,
        biases: READABLE,
      }),
    },
  ];
}

export const TEXT_GENERATION_DEMOS: readonly RunnableDemoModel[] = [
  {
    id: `${DEMO_OWNER}/tiny-llama-chat-onnx`,
    task: "text-generation",
    modelType: "llama",
    tags: ["conversational"],
    flags: ["chat"],
    purpose: "a chat model with a ChatML template",
    anatomy:
      "Under the hood it is a complete decoder-only ONNX graph in the transformers.js layout (`config.json`, " +
      "`generation_config.json`, a byte-level BPE `tokenizer.json` with a ChatML `chat_template`, and " +
      "`onnx/model.onnx` with `past_key_values` inputs and `present` outputs): two 32-wide attention layers " +
      "with a key/value cache, so transformers.js generates with it like any Llama-family export.",
    files: chatModelFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-gpt2-onnx`,
    task: "text-generation",
    modelType: "gpt2",
    purpose: "a text-completion model without a key/value cache",
    anatomy:
      "Under the hood it is a GPT-2-shaped decoder in the transformers.js layout (`config.json`, " +
      "`generation_config.json`, a byte-level BPE `tokenizer.json`, `onnx/model.onnx`) whose graph has no " +
      "`past_key_values` inputs: transformers.js then feeds it one new token per step, as it does for any " +
      "export without a cache.",
    files: completionModelFiles,
  },
];
