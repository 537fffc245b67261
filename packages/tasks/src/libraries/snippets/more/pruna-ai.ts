import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { hasTag, sampleTextOr } from "./common.js";

/** Pruna: optimised models loaded with PrunaModel (PrunaProModel for pruna_pro repositories). */
export function prunaAiSnippets(model: ModelData): string[] {
  const pro = hasTag(model, "pruna_pro-ai");
  const pkg = raw(pro ? "pruna_pro" : "pruna");
  const cls = raw(pro ? "PrunaProModel" : "PrunaModel");
  const load = python`from ${pkg} import ${cls}

smashed = ${cls}.from_pretrained(${model.id})`;
  if (hasTag(model, "diffusers")) {
    const prompt =
      model.cardData?.instance_prompt ||
      "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k";
    return [`${load}\n\nimage = smashed(${python`${prompt}`}).images[0]\nimage.save("pruna.png")`];
  }
  if (hasTag(model, "transformers")) {
    const text = sampleTextOr(model, "The best way to learn is");
    return [
      python`from transformers import AutoTokenizer
${raw(load)}
tokenizer = AutoTokenizer.from_pretrained(${model.id})

inputs = tokenizer(${text}, return_tensors="pt")
output_ids = smashed.generate(**inputs, max_new_tokens=50)
print(tokenizer.decode(output_ids[0], skip_special_tokens=True))`,
    ];
  }
  return [load];
}
