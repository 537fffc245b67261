import { asteroidSnippets } from "./core/asteroid.js";
import { audiocraftSnippets } from "./core/audiocraft.js";
import { bertopicSnippets } from "./core/bertopic.js";
import { chronosForecastingSnippets } from "./core/chronos-forecasting.js";
import { diffusersSnippets } from "./core/diffusers.js";
import { diffusionkitSnippets } from "./core/diffusionkit.js";
import { espnetSnippets } from "./core/espnet.js";
import { fastaiSnippets } from "./core/fastai.js";
import { flairSnippets } from "./core/flair.js";
import { glinerSnippets } from "./core/gliner.js";
import { kerasHubSnippets, kerasSnippets, tfKerasSnippets } from "./core/keras.js";
import { llamaCppPythonSnippets, llamaCppSnippets } from "./core/llama-cpp.js";
import { mlAgentsSnippets } from "./core/ml-agents.js";
import { mlxSnippets } from "./core/mlx.js";
import { nemoSnippets } from "./core/nemo.js";
import { openClipSnippets } from "./core/open-clip.js";
import { peftSnippets } from "./core/peft.js";
import { pyannoteAudioSnippets } from "./core/pyannote-audio.js";
import { sentenceTransformersSnippets } from "./core/sentence-transformers.js";
import { setfitSnippets } from "./core/setfit.js";
import { sklearnSnippets } from "./core/sklearn.js";
import { spacySnippets } from "./core/spacy.js";
import { spanMarkerSnippets } from "./core/span-marker.js";
import { speechbrainSnippets } from "./core/speechbrain.js";
import { stableBaselines3Snippets } from "./core/stable-baselines3.js";
import { tabpfnSnippets } from "./core/tabpfn.js";
import { timmSnippets } from "./core/timm.js";
import { transformersJsSnippets } from "./core/transformers-js.js";
import { transformersSnippets } from "./core/transformers.js";
import { ultralyticsSnippets } from "./core/ultralytics.js";
import type { SnippetGenerator } from "./types.js";

/** Generators maintained with the registry; they win over `MORE_SNIPPETS` for the same key. */
export const CORE_SNIPPETS: Record<string, SnippetGenerator> = {
  asteroid: asteroidSnippets,
  audiocraft: audiocraftSnippets,
  bertopic: bertopicSnippets,
  "chronos-forecasting": chronosForecastingSnippets,
  diffusers: diffusersSnippets,
  diffusionkit: diffusionkitSnippets,
  espnet: espnetSnippets,
  fastai: fastaiSnippets,
  flair: flairSnippets,
  gguf: llamaCppSnippets,
  gliner: glinerSnippets,
  keras: kerasSnippets,
  "keras-hub": kerasHubSnippets,
  "llama-cpp-python": llamaCppPythonSnippets,
  "ml-agents": mlAgentsSnippets,
  mlx: mlxSnippets,
  nemo: nemoSnippets,
  open_clip: openClipSnippets,
  peft: peftSnippets,
  "pyannote-audio": pyannoteAudioSnippets,
  "sentence-transformers": sentenceTransformersSnippets,
  setfit: setfitSnippets,
  sklearn: sklearnSnippets,
  spacy: spacySnippets,
  "span-marker": spanMarkerSnippets,
  speechbrain: speechbrainSnippets,
  "stable-baselines3": stableBaselines3Snippets,
  tabpfn: tabpfnSnippets,
  "tf-keras": tfKerasSnippets,
  timm: timmSnippets,
  transformers: transformersSnippets,
  "transformers.js": transformersJsSnippets,
  ultralytics: ultralyticsSnippets,
  yolov10: ultralyticsSnippets,
};
