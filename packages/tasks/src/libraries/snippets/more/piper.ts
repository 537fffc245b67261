import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/**
 * Piper TTS: a voice is an `.onnx` file with its `.onnx.json` config beside it. Download both, then
 * run the CLI with the voice's folder as `--data-dir` and its name (the file name without `.onnx`).
 */
export function piperSnippets(model: ModelData): string[] {
  const onnx = firstFileOr(model, "onnx", "voice.onnx");
  const slash = onnx.lastIndexOf("/");
  const folder = slash === -1 ? "voices" : `voices/${onnx.slice(0, slash)}`;
  const voice = onnx.slice(slash + 1).replace(/\.onnx$/i, "");
  return [
    shell`pip install piper-tts
hf download ${model.id} ${onnx} ${`${onnx}.json`} --local-dir voices
python3 -m piper --data-dir ${folder} -m ${voice} -f test.wav -- 'This is a test.'`,
  ];
}
