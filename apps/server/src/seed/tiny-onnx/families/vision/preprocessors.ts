/** `preprocessor_config.json` documents of the vision demos, with the keys their Hub exports carry. */

export const IMAGENET_MEAN = [0.485, 0.456, 0.406];
export const IMAGENET_STD = [0.229, 0.224, 0.225];
export const CLIP_MEAN = [0.48145466, 0.4578275, 0.40821073];
export const CLIP_STD = [0.26862954, 0.26130258, 0.27577711];
const HALF = [0.5, 0.5, 0.5];
const RESCALE = 1 / 255;

/** A fixed-size resize and normalisation (ViT, SegFormer, DPT, OWL-ViT). */
export function squareResize(
  type: string,
  size: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    image_processor_type: type,
    do_resize: true,
    size: { height: size, width: size },
    resample: 2,
    do_rescale: true,
    rescale_factor: RESCALE,
    do_normalize: true,
    image_mean: HALF,
    image_std: HALF,
    ...extra,
  };
}

/** DETR's: the shortest edge to `shortest`, the longest at most `longest`, ImageNet statistics, padding. */
export function detrPreprocessor(shortest: number, longest: number): Record<string, unknown> {
  return {
    image_processor_type: "DetrImageProcessor",
    format: "coco_detection",
    do_resize: true,
    size: { shortest_edge: shortest, longest_edge: longest },
    resample: 2,
    do_rescale: true,
    rescale_factor: RESCALE,
    do_normalize: true,
    image_mean: IMAGENET_MEAN,
    image_std: IMAGENET_STD,
    do_pad: true,
  };
}

/** A shortest-edge resize then a centre crop (CLIP's and DINOv2's "Bit" processor). */
export function resizeAndCrop(
  type: string,
  shortest: number,
  crop: number,
  stats: { mean: number[]; std: number[] },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    image_processor_type: type,
    do_resize: true,
    size: { shortest_edge: shortest },
    resample: 3,
    do_center_crop: true,
    crop_size: { height: crop, width: crop },
    do_rescale: true,
    rescale_factor: RESCALE,
    do_normalize: true,
    image_mean: stats.mean,
    image_std: stats.std,
    do_convert_rgb: true,
    ...extra,
  };
}

/** Swin2SR's: no resize, values in 0…1, padded to a multiple of the attention window. */
export function swin2srPreprocessor(window: number): Record<string, unknown> {
  return {
    image_processor_type: "Swin2SRImageProcessor",
    do_rescale: true,
    rescale_factor: RESCALE,
    do_pad: true,
    pad_size: window,
  };
}

/** Donut's: a thumbnail into `height` × `width`, padded around to exactly that page size. */
export function donutPreprocessor(height: number, width: number): Record<string, unknown> {
  return {
    image_processor_type: "DonutImageProcessor",
    processor_class: "DonutProcessor",
    do_align_long_axis: false,
    do_resize: true,
    size: { height, width },
    resample: 2,
    do_thumbnail: true,
    do_pad: true,
    do_rescale: true,
    rescale_factor: RESCALE,
    do_normalize: true,
    image_mean: HALF,
    image_std: HALF,
  };
}
