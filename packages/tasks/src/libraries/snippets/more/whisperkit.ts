import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** The first model folder of the repository (WhisperKit repos hold one Core ML folder per variant). */
function variantFolder(model: ModelData): string {
  const folders = (model.siblings ?? [])
    .map((s) => s.rfilename)
    .filter((name) => name.includes("/"))
    .map((name) => name.slice(0, name.indexOf("/")))
    .filter((folder) => folder.includes("whisper"));
  return folders.sort()[0] ?? "openai_whisper-large-v3";
}

/** WhisperKit: on-device transcription on Apple silicon through the Homebrew CLI. */
export function whisperkitSnippets(model: ModelData): string[] {
  const folder = variantFolder(model);
  const localPath = `whisperkit-models/${folder}`;
  return [
    shell`brew install whisperkit-cli
hf download ${model.id} --include ${`${folder}/*`} --local-dir whisperkit-models

whisperkit-cli transcribe --model-path ${localPath} --audio-path recording.mp3 --verbose`,
  ];
}
