import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

const CHEST_XRAY_URL = "https://upload.wikimedia.org/wikipedia/commons/c/c8/Chest_Xray_PA_3-8-2010.png";

/** CXR Foundation: chest X-ray embeddings computed with the client that reads the downloaded repository. */
export function cxrFoundationSnippets(model: ModelData): string[] {
  return [
    python`# pip install "git+https://github.com/Google-Health/cxr-foundation.git#subdirectory=python"
import requests
from PIL import Image
from huggingface_hub import snapshot_download
from clientside.clients import make_hugging_face_client

snapshot_download(${model.id}, local_dir="cxr_model")

# Chest X-ray by Stillwaterising, CC0, via Wikimedia Commons; the model expects grayscale
response = requests.get(${CHEST_XRAY_URL}, headers={"User-Agent": "cxr-demo"}, stream=True)
xray = Image.open(response.raw).convert("L")

client = make_hugging_face_client("cxr_model")
embeddings = client.get_image_embeddings_from_images([xray])
print(embeddings)`,
  ];
}
