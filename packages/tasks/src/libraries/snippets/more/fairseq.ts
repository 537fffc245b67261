import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, hasTag, sampleTextOr } from "./common.js";

/** fairseq: the ensemble, config and task from the Hub; text-to-speech models also synthesise a sentence. */
export function fairseqSnippets(model: ModelData): string[] {
  if (model.pipeline_tag === "text-to-speech" || hasTag(model, "text-to-speech")) {
    const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
    return [
      python`from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub
from fairseq.models.text_to_speech.hub_interface import TTSHubInterface

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${model.id}, arg_overrides={"fp16": False})
tts_model = models[0]
TTSHubInterface.update_cfg_with_data_cfg(cfg, task.data_cfg)
generator = task.build_generator([tts_model], cfg)

sample = TTSHubInterface.get_model_input(task, ${text})
wav, rate = TTSHubInterface.get_prediction(task, tts_model, generator, sample)`,
    ];
  }
  return [
    python`from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${model.id})
first_model = models[0].eval()`,
  ];
}
