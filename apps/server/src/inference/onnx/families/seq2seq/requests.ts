import type { TaskFamily } from "../family.js";
import { ENCODER_DECODER_GRAPHS, transformersJsFiles } from "../layout.js";
import { jsonTaskBody, objectField, refuseUnused, stringField, textsField, type Fields } from "../params.js";
import { generationSettings } from "../text-generation/requests.js";
import { ANSWER_KEY, SEQ2SEQ_FAMILY, type Seq2SeqInput } from "./job.js";

const MAX_TEXTS = 16;
const KNOWN = new Set([
  "generate_parameters",
  "max_new_tokens",
  "temperature",
  "top_k",
  "top_p",
  "do_sample",
  "seed",
  "repetition_penalty",
  "clean_up_tokenization_spaces",
  "truncation",
]);

/**
 * Encoder-decoder text models (`onnx/encoder_model.onnx` + `onnx/decoder_model_merged.onnx`):
 * `{"inputs": text | [texts], "parameters": {src_lang, tgt_lang, generate_parameters: {…}, max_new_tokens, …}}`
 * → `[{"generated_text" | "summary_text" | "translation_text"}]`, one entry per text.
 */
export const seq2seqFamily: TaskFamily = {
  name: SEQ2SEQ_FAMILY,
  tasks: ["text2text-generation", "summarization", "translation"],
  layout: (_task, paths) => transformersJsFiles(paths, ENCODER_DECODER_GRAPHS, ["tokenizer.json"]),
  job(task, body) {
    const { inputs, parameters } = jsonTaskBody(body, task);
    refuseUnused(parameters, task === "translation" ? new Set([...KNOWN, "src_lang", "tgt_lang"]) : KNOWN);
    const { texts, single } = textsField(inputs, '"inputs"', MAX_TEXTS, { allowEmpty: true });
    // huggingface_hub sends generation settings inside `generate_parameters`; plain ones work too.
    const nested: Fields =
      parameters.generate_parameters === undefined || parameters.generate_parameters === null
        ? {}
        : objectField(parameters.generate_parameters, '"parameters.generate_parameters"');
    const { options, seed } = generationSettings({ ...parameters, ...nested });
    const { return_full_text: _full, ...rest } = options;
    const input: Seq2SeqInput = { texts, single, options: rest, seed };
    if (task === "translation") {
      input.srcLang = stringField(parameters, "src_lang", "parameters");
      input.tgtLang = stringField(parameters, "tgt_lang", "parameters");
    }
    return { family: SEQ2SEQ_FAMILY, task, input };
  },
  answer(job, result) {
    const key = ANSWER_KEY[job.task];
    return { json: (result.output as string[]).map((text) => ({ [key]: text })) };
  },
};
