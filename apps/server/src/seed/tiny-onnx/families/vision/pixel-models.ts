import { DEMO_OWNER } from "../../demo-onnx-models.js";
import { json, type DemoOnnxFile, type RunnableDemoModel } from "../../demo-model.js";
import { depthGraph, detrGraph, segformerGraph, upscalerGraph } from "../../graphs/vision-dense.js";
import { imageBackboneGraph } from "../../graphs/vision-towers.js";
import {
  detrPreprocessor,
  IMAGENET_MEAN,
  IMAGENET_STD,
  resizeAndCrop,
  squareResize,
  swin2srPreprocessor,
} from "./preprocessors.js";

/**
 * Image-only vision demos in the layouts of their transformers.js exports on the Hub: DETR object
 * detection (Xenova/detr-resnet-50), SegFormer semantic segmentation (Xenova/segformer-b0-*), DPT depth
 * (Xenova/dpt-hybrid-midas), DINOv2 image features (Xenova/dinov2-small) and Swin2SR super-resolution
 * (Xenova/swin2SR-classical-sr-x2-64). Each is `config.json`, `preprocessor_config.json` and
 * `onnx/model.onnx`.
 */

const HIDDEN = 32;
const labelMaps = (labels: readonly string[]) => ({
  id2label: Object.fromEntries(labels.map((label, i) => [String(i), label])),
  label2id: Object.fromEntries(labels.map((label, i) => [label, i])),
});
const files = (config: object, preprocessor: object, graph: Uint8Array): DemoOnnxFile[] => [
  { path: "config.json", content: json(config) },
  { path: "preprocessor_config.json", content: json(preprocessor) },
  { path: "onnx/model.onnx", content: graph },
];

/** Some of COCO's classes, as DETR names them. */
export const DETECTION_LABELS = ["person", "bicycle", "car", "cat", "dog", "bird", "cup", "chair"];
const QUERIES = 12;

function detrFiles(): DemoOnnxFile[] {
  const config = {
    architectures: ["DetrForObjectDetection"],
    model_type: "detr",
    d_model: HIDDEN,
    encoder_layers: 1,
    decoder_layers: 1,
    encoder_attention_heads: 1,
    decoder_attention_heads: 1,
    num_queries: QUERIES,
    backbone: "resnet50",
    use_pretrained_backbone: false,
    ...labelMaps(DETECTION_LABELS),
  };
  return files(
    config,
    detrPreprocessor(48, 80),
    detrGraph(501, { labels: DETECTION_LABELS.length, queries: QUERIES, hidden: HIDDEN, sharpness: 6 }),
  );
}

/** Some of ADE20K's classes, as SegFormer's ADE fine-tunes name them. */
export const SEGMENTATION_LABELS = ["wall", "building", "sky", "floor", "tree", "person"];

function segformerFiles(): DemoOnnxFile[] {
  const config = {
    architectures: ["SegformerForSemanticSegmentation"],
    model_type: "segformer",
    num_channels: 3,
    num_encoder_blocks: 1,
    hidden_sizes: [HIDDEN],
    decoder_hidden_size: HIDDEN,
    semantic_loss_ignore_index: 255,
    ...labelMaps(SEGMENTATION_LABELS),
  };
  const preprocessor = squareResize("SegformerImageProcessor", 32, {
    image_mean: IMAGENET_MEAN,
    image_std: IMAGENET_STD,
    do_reduce_labels: false,
  });
  return files(
    config,
    preprocessor,
    segformerGraph(502, { labels: SEGMENTATION_LABELS.length, hidden: HIDDEN }),
  );
}

function dptFiles(): DemoOnnxFile[] {
  const config = {
    architectures: ["DPTForDepthEstimation"],
    model_type: "dpt",
    hidden_size: HIDDEN,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    image_size: 32,
    patch_size: 2,
    neck_hidden_sizes: [HIDDEN],
  };
  const preprocessor = squareResize("DPTImageProcessor", 32, {
    resample: 3,
    keep_aspect_ratio: false,
    ensure_multiple_of: 1,
  });
  return files(config, preprocessor, depthGraph(503, { hidden: HIDDEN }));
}

function dinov2Files(): DemoOnnxFile[] {
  const config = {
    architectures: ["Dinov2Model"],
    model_type: "dinov2",
    hidden_size: HIDDEN,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    mlp_ratio: 1,
    image_size: 28,
    patch_size: 14,
    num_channels: 3,
  };
  const preprocessor = resizeAndCrop("BitImageProcessor", 32, 28, { mean: IMAGENET_MEAN, std: IMAGENET_STD });
  return files(config, preprocessor, imageBackboneGraph(504, { hidden: HIDDEN, imageSize: 28, patch: 14 }));
}

const WINDOW = 8;

function swin2srFiles(): DemoOnnxFile[] {
  const config = {
    architectures: ["Swin2SRForImageSuperResolution"],
    model_type: "swin2sr",
    embed_dim: 12,
    depths: [1],
    num_heads: [1],
    window_size: WINDOW,
    upscale: 2,
    upsampler: "pixelshuffle",
    img_range: 1.0,
    num_channels: 3,
  };
  return files(config, swin2srPreprocessor(WINDOW), upscalerGraph(505, { hidden: 12 }));
}

const anatomy = (shape: string, rest: string) =>
  `Under the hood it is a ${shape} in the transformers.js layout (\`config.json\`, \`preprocessor_config.json\`, ` +
  `\`onnx/model.onnx\`): ${rest}`;

export const PIXEL_DEMOS: readonly RunnableDemoModel[] = [
  {
    id: `${DEMO_OWNER}/tiny-detr-object-detection-onnx`,
    task: "object-detection",
    modelType: "detr",
    purpose: "a DETR-style object detector (8 COCO labels, 12 queries)",
    anatomy: anatomy(
      "DETR-shaped detector",
      "a strided convolution over the image, pooled into 12 query states, each scoring the 8 labels plus " +
        "“no object” and proposing a box, so the answer is a handful of random boxes in pixels.",
    ),
    files: detrFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-segformer-segmentation-onnx`,
    task: "image-segmentation",
    modelType: "segformer",
    purpose: "a SegFormer-style semantic segmenter (6 ADE20K labels)",
    anatomy: anatomy(
      "SegFormer-shaped semantic segmenter",
      "two convolutions give a score per label for every 4×4 block of a 32×32 view of the image; the " +
        "answer has one black-and-white PNG mask per label present.",
    ),
    files: segformerFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-dpt-depth-onnx`,
    task: "depth-estimation",
    modelType: "dpt",
    purpose: "a DPT-style monocular depth estimator",
    anatomy: anatomy(
      "DPT-shaped depth estimator",
      "convolutions over a 32×32 view of the image give a positive depth per 2×2 block, which the answer " +
        "scales back to the image's size as numbers and as a grey-level PNG.",
    ),
    files: dptFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-dinov2-image-features-onnx`,
    task: "image-feature-extraction",
    modelType: "dinov2",
    purpose: "a DINOv2-style image feature extractor (5 tokens of 32 numbers)",
    anatomy: anatomy(
      "DINOv2-shaped backbone",
      "a 28×28 centre crop cut into four 14×14 patches, a class token, one attention block: the answer is " +
        "the 5 token states of 32 numbers (or the pooled class token).",
    ),
    files: dinov2Files,
  },
  {
    id: `${DEMO_OWNER}/tiny-swin2sr-upscaler-onnx`,
    task: "image-to-image",
    modelType: "swin2sr",
    purpose: "a Swin2SR-style 2× super-resolution model",
    anatomy: anatomy(
      "Swin2SR-shaped 2× upscaler",
      "each pixel becomes a 2×2 block, plus a faint random texture from a convolution and a pixel shuffle; " +
        "the answer is a PNG twice as wide and tall (after padding to a multiple of 8).",
    ),
    files: swin2srFiles,
  },
];
