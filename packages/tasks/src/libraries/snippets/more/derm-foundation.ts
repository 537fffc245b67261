import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

const SKIN_IMAGE_URL =
  "https://storage.googleapis.com/dx-scin-public-data/dataset/images/3445096909671059178.png";

/** Derm Foundation: a TensorFlow SavedModel that embeds dermatology images sent as serialized examples. */
export function dermFoundationSnippets(model: ModelData): string[] {
  return [
    python`import requests
import tensorflow as tf
from huggingface_hub import from_pretrained_keras

png_bytes = requests.get(${SKIN_IMAGE_URL}).content
example = tf.train.Example(
    features=tf.train.Features(
        feature={"image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[png_bytes]))}
    )
)

saved_model = from_pretrained_keras(${model.id})
serve = saved_model.signatures["serving_default"]
outputs = serve(inputs=tf.constant([example.SerializeToString()]))
print(outputs)`,
  ];
}
