import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** AudioSeal: one block embeds a watermark into audio, the other detects it. */
export function audiosealSnippets(model: ModelData): string[] {
  return [
    python`import torchaudio
from audioseal import AudioSeal

generator = AudioSeal.load_generator(${model.id})

audio, sample_rate = torchaudio.load("speech.wav")  # (channels, samples)
audio = audio.unsqueeze(0)  # (batch, channels, samples)
watermark = generator.get_watermark(audio, sample_rate)
watermarked = audio + watermark`,
    python`from audioseal import AudioSeal

detector = AudioSeal.load_detector(${model.id})

# watermarked and sample_rate come from the generator example above
probability, message = detector.detect_watermark(watermarked, sample_rate)
print(f"watermark probability: {probability:.2f}")`,
  ];
}
