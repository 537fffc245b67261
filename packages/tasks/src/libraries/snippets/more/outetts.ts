import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { repoNameOf } from "../helpers.js";
import { SAMPLE_SPEECH_TEXT, hasTag, sampleTextOr } from "./common.js";

/** OuteTTS: the interface configured for this model version; GGUF repositories run on the llama.cpp backend. */
export function outettsSnippets(model: ModelData): string[] {
  const backend = raw(hasTag(model, "gguf") ? "LLAMACPP" : "HF");
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`import outetts

version = outetts.Models(${repoNameOf(model.id)})
interface = outetts.Interface(outetts.ModelConfig.auto_config(version, outetts.Backend.${backend}))

voice = interface.load_default_speaker("EN-FEMALE-1-NEUTRAL")
speech = interface.generate(outetts.GenerationConfig(text=${text}, speaker=voice))
speech.save("outetts.wav")`,
  ];
}
