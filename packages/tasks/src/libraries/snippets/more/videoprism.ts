import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** VideoPrism: a Flax video encoder; the forward pass is jitted with the loaded weights. */
export function videoprismSnippets(model: ModelData): string[] {
  return [
    python`# Install from https://github.com/google-deepmind/videoprism
import jax
from videoprism import models as vp

encoder = vp.get_model(${model.id})
weights = vp.load_pretrained_weights(${model.id})


@jax.jit
def embed(frames):
    # frames: [batch, num_frames, 288, 288, 3] with values in [0, 1]
    return encoder.apply(weights, frames, train=False)`,
  ];
}
