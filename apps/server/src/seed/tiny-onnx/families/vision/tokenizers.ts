import { byteBpeTokenizer, wrapTemplate, type ByteBpe } from "../../byte-bpe-tokenizer.js";
import { json, type DemoOnnxFile } from "../../demo-model.js";

/**
 * The tokenizers of the image-text demos, each a byte-level BPE `tokenizer.json` (any text in any script
 * round-trips) with its family's special tokens, and the `tokenizer_config.json` /
 * `special_tokens_map.json` beside it.
 */

export const START_OF_TEXT = "<|startoftext|>";
export const END_OF_TEXT = "<|endoftext|>";

export interface DemoTokenizer {
  bpe: ByteBpe;
  files: DemoOnnxFile[];
}

function tokenizerFiles(
  tokenizer: Record<string, unknown>,
  config: Record<string, unknown>,
  specials: Record<string, string>,
): DemoOnnxFile[] {
  return [
    { path: "special_tokens_map.json", content: json(specials) },
    { path: "tokenizer.json", content: json(tokenizer) },
    { path: "tokenizer_config.json", content: json({ ...config, ...specials }) },
  ];
}

/** CLIP's (and OWL-ViT's): lower-cased, every text wrapped in start and end tokens, at most 77 tokens. */
export function clipTokenizer(pad: string): DemoTokenizer {
  const bpe = byteBpeTokenizer({
    added: [START_OF_TEXT, END_OF_TEXT].map((content) => ({ content, special: true })),
  });
  const tokenizer = {
    ...bpe.json,
    normalizer: { type: "Sequence", normalizers: [{ type: "NFC" }, { type: "Lowercase" }] },
    post_processor: wrapTemplate(bpe, [START_OF_TEXT], [END_OF_TEXT]),
  };
  return {
    bpe,
    files: tokenizerFiles(
      tokenizer,
      { tokenizer_class: "CLIPTokenizer", do_lower_case: true, model_max_length: 77, errors: "replace" },
      { bos_token: START_OF_TEXT, eos_token: END_OF_TEXT, pad_token: pad, unk_token: END_OF_TEXT },
    ),
  };
}

/** GPT-2's: one end-of-text token that also begins, ends and pads. */
export function gpt2Tokenizer(): DemoTokenizer {
  const bpe = byteBpeTokenizer({ added: [{ content: END_OF_TEXT, special: true }] });
  return {
    bpe,
    files: tokenizerFiles(
      bpe.json,
      {
        tokenizer_class: "GPT2Tokenizer",
        add_prefix_space: false,
        model_max_length: 1024,
        errors: "replace",
      },
      { bos_token: END_OF_TEXT, eos_token: END_OF_TEXT, pad_token: END_OF_TEXT, unk_token: END_OF_TEXT },
    ),
  };
}

/** The task tokens of Donut's document-QA fine-tune, in the order its tokenizer adds them. */
export const DONUT_TASK_TOKENS = ["<s_docvqa>", "<s_question>", "</s_question>", "<s_answer>", "</s_answer>"];

/** Donut's (an XLM-RoBERTa-style tokenizer): `<s>`, `</s>`, `<pad>`, `<unk>` and the task tokens. */
export function donutTokenizer(): DemoTokenizer {
  const bpe = byteBpeTokenizer({
    added: [
      ...["<s>", "<pad>", "</s>", "<unk>"].map((content) => ({ content, special: true })),
      ...DONUT_TASK_TOKENS.map((content) => ({ content, special: false })),
    ],
  });
  const tokenizer = { ...bpe.json, post_processor: wrapTemplate(bpe, ["<s>"], ["</s>"]) };
  return {
    bpe,
    files: tokenizerFiles(
      tokenizer,
      {
        tokenizer_class: "XLMRobertaTokenizer",
        model_max_length: 512,
        additional_special_tokens: DONUT_TASK_TOKENS,
      },
      {
        bos_token: "<s>",
        eos_token: "</s>",
        pad_token: "<pad>",
        unk_token: "<unk>",
        cls_token: "<s>",
        sep_token: "</s>",
      },
    ),
  };
}
