import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** SAM 2: promptable segmentation of images, and of videos with masks propagated across frames. */
export function sam2Snippets(model: ModelData): string[] {
  return [
    python`# Segment an image
import numpy as np
import torch
from PIL import Image
from sam2.sam2_image_predictor import SAM2ImagePredictor

predictor = SAM2ImagePredictor.from_pretrained(${model.id})
image = np.array(Image.open("photo.jpg").convert("RGB"))

with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    predictor.set_image(image)
    masks, scores, _ = predictor.predict(point_coords=np.array([[500, 375]]), point_labels=np.array([1]))`,
    python`# Segment and track an object through a video (a folder of JPEG frames)
import numpy as np
import torch
from sam2.sam2_video_predictor import SAM2VideoPredictor

predictor = SAM2VideoPredictor.from_pretrained(${model.id})

with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    state = predictor.init_state("video_frames/")
    predictor.add_new_points_or_box(state, frame_idx=0, obj_id=1, points=np.array([[210, 350]]), labels=np.array([1]))
    for frame_idx, object_ids, mask_logits in predictor.propagate_in_video(state):
        print(frame_idx, object_ids)`,
  ];
}
