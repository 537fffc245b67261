import { python, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { isConversational } from "../../../model/model-data-readers.js";
import { SAMPLE_IMAGE_URL, textInputOf } from "../helpers.js";

const DEFAULT_PROMPT = "Once upon a time in";

function isVisionLanguage(model: ModelData): boolean {
  return model.pipeline_tag === "image-text-to-text" || model.pipeline_tag === "video-text-to-text";
}

/** MLX on Apple silicon: mlx-vlm for vision-language models, mlx-lm for text models. */
export function mlxSnippets(model: ModelData): string[] {
  if (isVisionLanguage(model)) {
    return [
      shell`pip install -U mlx-vlm
mlx_vlm.generate --model ${model.id} --max-tokens 100 --temperature 0.0 --prompt ${"Describe this image."} --image ${SAMPLE_IMAGE_URL}`,
    ];
  }
  const prompt = textInputOf(model) ?? DEFAULT_PROMPT;
  const cli = isConversational(model)
    ? shell`pip install -U mlx-lm
# Interactive chat in the terminal
mlx_lm.chat --model ${model.id}`
    : shell`pip install -U mlx-lm
mlx_lm.generate --model ${model.id} --prompt ${prompt}`;
  const api = python`from mlx_lm import generate, load

model, tokenizer = load(${model.id})

user_text = ${prompt}
# Chat models expect their chat template around the text
if tokenizer.chat_template is None:
    prompt = user_text
else:
    prompt = tokenizer.apply_chat_template([{"role": "user", "content": user_text}], add_generation_prompt=True)

reply = generate(model, tokenizer, prompt=prompt, max_tokens=256, verbose=True)`;
  return [cli, api];
}
