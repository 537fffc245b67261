import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

const DIALOGUE =
  "[S1] Have you tried the new open dialogue model? [S2] I did, it even laughs. (laughs) [S1] Impressive.";

/** Dia: dialogue speech from a script with [S1]/[S2] speaker tags, written at 44.1 kHz. */
export function diaTtsSnippets(model: ModelData): string[] {
  return [
    python`import soundfile as sf
from dia.model import Dia

dia = Dia.from_pretrained(${model.id})

audio = dia.generate(${DIALOGUE})
sf.write("dialogue.mp3", audio, 44100)`,
  ];
}
