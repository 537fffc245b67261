import { type GgufMetaValue, type GgufTensor, writeGgufFile } from "./gguf-binary.js";
import { Prng } from "./prng.js";
import { buildVocabulary } from "./vocabulary.js";

/** The shape and identity of a tiny random-weight llama GGUF. */
export interface TinyLlamaSpec {
  name: string;
  contextLength: number;
  embedding: number;
  blocks: number;
  heads: number;
  kvHeads: number;
  feedForward: number;
  rmsEpsilon: number;
  seed: number;
}

/** What makes a variant differ beyond its shape: a chat template, or a pooling type (embedding models). */
export interface TinyLlamaExtras {
  chatTemplate?: string;
  /** llama.cpp's `<arch>.pooling_type` (1 = mean): the model is an embedding model. */
  poolingType?: number;
}

/** The demo models' shape: small enough to load in a blink and generate hundreds of tokens a second. */
export const TINY_SHAPE: Omit<TinyLlamaSpec, "name" | "seed"> = {
  contextLength: 512,
  embedding: 64,
  blocks: 2,
  heads: 4,
  kvHeads: 4,
  feedForward: 128,
  rmsEpsilon: 1e-5,
};

/** The demo chat model. */
export const TINY_LLAMA: TinyLlamaSpec = { ...TINY_SHAPE, name: "tiny-llama-chat", seed: 20_261_126 };

/** ChatML, the chat format the vocabulary's control tokens are for. */
export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** llama_ftype ALL_F32. */
const FILE_TYPE_F32 = 0;

function randomTensor(prng: Prng, name: string, dims: number[]): GgufTensor {
  const count = dims.reduce((a, b) => a * b, 1);
  // Scaled by fan-in so activations stay in range through the layers (the output is noise either way).
  const scale = 1 / Math.sqrt(dims[0]);
  const values = new Float32Array(count);
  for (let i = 0; i < count; i++) values[i] = prng.symmetric(scale);
  return { name, dims, type: "F32", values };
}

function onesTensor(name: string, size: number): GgufTensor {
  return { name, dims: [size], type: "F32", values: new Float32Array(size).fill(1) };
}

/**
 * A llama-architecture GGUF v3 file with random weights and a working tokenizer and chat template.
 * Deterministic: the same bytes on every call.
 */
export function buildTinyLlamaGguf(): Uint8Array {
  return buildLlamaGguf(TINY_LLAMA, { chatTemplate: TINY_CHAT_TEMPLATE });
}

/** A llama-architecture GGUF of the given shape; the same bytes for the same arguments. */
export function buildLlamaGguf(m: TinyLlamaSpec, extras: TinyLlamaExtras): Uint8Array {
  const vocab = buildVocabulary();
  const headDim = m.embedding / m.heads;
  const prng = new Prng(m.seed);
  const tensors: GgufTensor[] = [randomTensor(prng, "token_embd.weight", [m.embedding, vocab.tokens.length])];
  for (let block = 0; block < m.blocks; block++) {
    const blk = (part: string) => `blk.${block}.${part}.weight`;
    tensors.push(
      onesTensor(blk("attn_norm"), m.embedding),
      randomTensor(prng, blk("attn_q"), [m.embedding, m.heads * headDim]),
      randomTensor(prng, blk("attn_k"), [m.embedding, m.kvHeads * headDim]),
      randomTensor(prng, blk("attn_v"), [m.embedding, m.kvHeads * headDim]),
      randomTensor(prng, blk("attn_output"), [m.heads * headDim, m.embedding]),
      onesTensor(blk("ffn_norm"), m.embedding),
      randomTensor(prng, blk("ffn_gate"), [m.embedding, m.feedForward]),
      randomTensor(prng, blk("ffn_up"), [m.embedding, m.feedForward]),
      randomTensor(prng, blk("ffn_down"), [m.feedForward, m.embedding]),
    );
  }
  tensors.push(
    onesTensor("output_norm.weight", m.embedding),
    randomTensor(prng, "output.weight", [m.embedding, vocab.tokens.length]),
  );

  const u32 = (value: number): GgufMetaValue => ({ type: "u32", value });
  const metadata: [string, GgufMetaValue][] = [
    ["general.architecture", { type: "string", value: "llama" }],
    ["general.name", { type: "string", value: m.name }],
    ["general.file_type", u32(FILE_TYPE_F32)],
    ["llama.context_length", u32(m.contextLength)],
    ["llama.embedding_length", u32(m.embedding)],
    ["llama.block_count", u32(m.blocks)],
    ["llama.feed_forward_length", u32(m.feedForward)],
    ["llama.attention.head_count", u32(m.heads)],
    ["llama.attention.head_count_kv", u32(m.kvHeads)],
    ["llama.attention.layer_norm_rms_epsilon", { type: "f32", value: m.rmsEpsilon }],
    ["llama.rope.dimension_count", u32(headDim)],
    ["llama.vocab_size", u32(vocab.tokens.length)],
    ["tokenizer.ggml.model", { type: "string", value: "llama" }],
    ["tokenizer.ggml.tokens", { type: "strings", value: vocab.tokens }],
    ["tokenizer.ggml.scores", { type: "f32s", value: vocab.scores }],
    ["tokenizer.ggml.token_type", { type: "i32s", value: vocab.types }],
    ["tokenizer.ggml.unknown_token_id", u32(vocab.unk)],
    ["tokenizer.ggml.bos_token_id", u32(vocab.bos)],
    ["tokenizer.ggml.eos_token_id", u32(vocab.eos)],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: true }],
    ["tokenizer.ggml.add_eos_token", { type: "bool", value: false }],
  ];
  if (extras.poolingType !== undefined) metadata.push(["llama.pooling_type", u32(extras.poolingType)]);
  if (extras.chatTemplate !== undefined)
    metadata.push(["tokenizer.chat_template", { type: "string", value: extras.chatTemplate }]);
  return writeGgufFile(metadata, tensors);
}
