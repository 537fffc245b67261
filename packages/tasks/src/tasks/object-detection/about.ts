/** Long-form task page text (markdown). */
export const about = `## What it is good for

An object detector finds *where* things are, not just *whether* they are present. For every object it returns a rectangle (bounding box), a class label from its training vocabulary and a confidence score. One image can yield zero, one or hundreds of detections.

### Typical uses

- **Counting and inventory**: cars in a car park, items on a shelf, cells on a slide.
- **Safety**: checking that workers wear helmets and vests, spotting people in a restricted zone.
- **Autonomous systems**: pedestrians, signs and vehicles for driving or drones.
- **Pre-processing**: crop detected faces, products or documents before a second, more specialised model runs.

## Running a model

\`\`\`python
from transformers import pipeline

detector = pipeline("object-detection", model="PekingU/rtdetr_r50vd")
for found in detector("street.jpg", threshold=0.5):
    box = found["box"]
    print(found["label"], round(found["score"], 2), (box["xmin"], box["ymin"], box["xmax"], box["ymax"]))
\`\`\`

Real-time YOLO models are usually driven through the Ultralytics package:

\`\`\`python
from ultralytics import YOLO

model = YOLO("yolo11n.pt")
results = model("street.jpg", conf=0.4)
for box in results[0].boxes:
    print(results[0].names[int(box.cls)], float(box.conf), box.xyxy.tolist())
\`\`\`

## Picking a detector

- **DETR-family** models (DETR, Deformable DETR, RT-DETR, D-FINE) predict a set of boxes directly and need no hand-tuned non-maximum suppression.
- **YOLO-family** models are tuned for speed on edge devices and video streams.
- If your classes are not in COCO, fine-tune on your own boxes, or start with a zero-shot detector that accepts free-text labels.

## Training tips

Annotate consistently (tight boxes, same rules for partly hidden objects), keep some images with no objects, and make sure augmentations move the boxes together with the pixels. COCO-format JSON is the lingua franca for annotations.

## Evaluating

Detections are matched with ground truth through intersection over union (IoU). Average precision is computed per class over several IoU thresholds and averaged into mAP, the number most leaderboards report.

## Further reading

- [End-to-End Object Detection with Transformers (DETR)](https://arxiv.org/abs/2005.12872)
- [Transformers task guide: object detection](https://huggingface.co/docs/transformers/tasks/object_detection)
- [Ultralytics documentation](https://docs.ultralytics.com/)
`;
