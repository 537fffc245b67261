import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** AraClip: Arabic CLIP; embeds an image and candidate captions and picks the closest caption. */
export function araclipSnippets(model: ModelData): string[] {
  return [
    python`import numpy as np
from PIL import Image
from araclip import AraClip

model = AraClip.from_pretrained(${model.id})

captions = ["قطة جالسة", "قطة تقفز", "كلب", "حصان"]
image = Image.open("cat.png")

caption_vectors = np.stack([model.embed(text=caption) for caption in captions])
image_vector = model.embed(image=image)
best = int(np.argmax(caption_vectors @ image_vector))
print(captions[best])`,
  ];
}
