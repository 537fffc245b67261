/** Long-form task page text (markdown). */
export const about = `## What it is good for

Keypoint detection locates specific, meaningful points in an image. Two flavours share the name:

- **Pose estimation** finds predefined landmarks on a body, hand, face or animal (the 17 COCO body joints: eyes, shoulders, elbows, knees, ankles …) and connects them into a skeleton.
- **Interest-point detection** finds distinctive corners and blobs (with descriptors) that can be matched between two images of the same scene.

### Typical uses

- **Fitness and sports**: count repetitions, check posture, analyse a golf swing.
- **Animation and AR**: drive an avatar from a webcam, place filters on a face.
- **Ergonomics and healthcare**: measure joint angles during rehabilitation.
- **Mapping and 3D reconstruction**: match interest points across photos to stitch panoramas or estimate camera motion.

## Running a model

Pose models such as ViTPose are "top-down": find each person first, then predict joints inside the person's box.

\`\`\`python
import torch
from PIL import Image
from transformers import AutoProcessor, VitPoseForPoseEstimation

image = Image.open("dancer.jpg")
person_boxes = [[[60.0, 10.0, 140.0, 175.0]]]  # [x, y, width, height] per person, e.g. from a detector

processor = AutoProcessor.from_pretrained("usyd-community/vitpose-base-simple")
model = VitPoseForPoseEstimation.from_pretrained("usyd-community/vitpose-base-simple")
inputs = processor(image, boxes=person_boxes, return_tensors="pt")
with torch.no_grad():
    outputs = model(**inputs)
poses = processor.post_process_pose_estimation(outputs, boxes=person_boxes)[0]
for name, (x, y), score in zip(model.config.id2label.values(), poses[0]["keypoints"], poses[0]["scores"]):
    print(f"{name:<15} ({float(x):6.1f}, {float(y):6.1f})  {float(score):.2f}")
\`\`\`

Interest points for matching come from models like SuperPoint, usually paired with a matcher such as LightGlue.

## Tips

- Pose accuracy depends on the person detector; a missed person means missing keypoints.
- Smooth keypoints over time for video (a simple moving average removes jitter).
- Check the skeleton format (COCO-17, whole-body, hand-21) before wiring up downstream code.

## Evaluating

Pose estimation uses Object Keypoint Similarity (OKS), a per-keypoint distance normalised by object scale, averaged into AP like detection; PCK counts keypoints within a distance threshold. Interest points are judged by repeatability and by matching accuracy on homography benchmarks.

## Further reading

- [ViTPose paper](https://arxiv.org/abs/2204.12484)
- [SuperPoint paper](https://arxiv.org/abs/1712.07629)
- [Transformers task guide: keypoint detection](https://huggingface.co/docs/transformers/tasks/keypoint_detection)
`;
