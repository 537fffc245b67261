import { Prng } from "../../tiny-gguf/prng.js";
import { GraphBuilder } from "../graph-builder.js";
import { conv, pixelInput, poolMap } from "./vision-parts.js";

/**
 * Vision graphs whose answer is per image or per pixel: object detection (DETR-shaped), semantic
 * segmentation (SegFormer-shaped), depth (DPT-shaped) and super-resolution (Swin2SR-shaped). Each takes
 * `pixel_values` and gives the outputs its transformers.js model class reads.
 */

/**
 * DETR's detection head: `pixel_values` and `pixel_mask` → `logits` [batch, queries, labels + 1] (the
 * last class is "no object") and `pred_boxes` [batch, queries, 4] (centre x, centre y, width, height in
 * 0…1). A strided convolution, pooled, feeds one state per query; `sharpness` scales the logits so a
 * few queries pass the usual 0.5 threshold.
 */
export function detrGraph(
  seed: number,
  shape: { labels: number; queries: number; hidden: number; sharpness: number },
): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-detr", new Prng(seed), 14);
  const { hidden, queries } = shape;
  const pixels = pixelInput(graph);
  const mask = graph.int64Input("pixel_mask", ["batch_size", 64, 64]);
  const map = graph.op("Tanh", [conv(graph, pixels, { in: 3, out: hidden, kernel: 4, stride: 4 })]);
  // The mask is all ones for unpadded images: the mean scales nothing, but the input is read as exported.
  const visible = graph.op("ReduceMean", [graph.op("Cast", [mask], { to: 1 })], {
    axes: [1, 2],
    keepdims: 1,
  });
  const pooled = graph.op("Mul", [poolMap(graph, map), visible]);
  const states = graph.op("Reshape", [
    graph.dense(pooled, 2 * hidden, queries * hidden),
    graph.int64Constant([-1, queries, hidden]),
  ]);
  const perQuery = graph.op("Tanh", [graph.op("Add", [states, graph.randomWeight([queries, hidden], 1)])]);
  graph.op(
    "Mul",
    [graph.dense(perQuery, hidden, shape.labels + 1), graph.floatScalar(shape.sharpness)],
    {},
    "logits",
  );
  // Centres anywhere, sizes up to 60% of the image (the scale spreads random queries over the picture).
  const box = graph.op("Sigmoid", [
    graph.op("Mul", [graph.dense(perQuery, hidden, 4), graph.floatScalar(4)]),
  ]);
  graph.op("Mul", [box, graph.floatConstant(new Float32Array([1, 1, 0.6, 0.6]), [4])], {}, "pred_boxes");
  graph.floatOutput("logits", ["batch_size", queries, shape.labels + 1]);
  graph.floatOutput("pred_boxes", ["batch_size", queries, 4]);
  return graph.toBytes();
}

/**
 * SegFormer's semantic head: `pixel_values` → `logits` [batch, labels, height / 4, width / 4], from two
 * convolutions (a strided one, then a 3×3 one that smooths neighbouring scores).
 */
export function segformerGraph(seed: number, shape: { labels: number; hidden: number }): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-segformer", new Prng(seed), 14);
  const pixels = pixelInput(graph);
  const map = graph.op("Tanh", [conv(graph, pixels, { in: 3, out: shape.hidden, kernel: 4, stride: 4 })]);
  const mixed = graph.op("Tanh", [
    conv(graph, map, { in: shape.hidden, out: shape.hidden, kernel: 3, pad: 1 }),
  ]);
  conv(graph, mixed, { in: shape.hidden, out: shape.labels, kernel: 1, scale: 2 }, "logits");
  graph.floatOutput("logits", ["batch_size", shape.labels, "height_out", "width_out"]);
  return graph.toBytes();
}

/**
 * DPT's depth head: `pixel_values` → `predicted_depth` [batch, height / 2, width / 2], positive
 * (softplus) like relative inverse depth.
 */
export function depthGraph(seed: number, shape: { hidden: number }): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-depth", new Prng(seed), 14);
  const pixels = pixelInput(graph);
  const map = graph.op("Tanh", [conv(graph, pixels, { in: 3, out: shape.hidden, kernel: 2, stride: 2 })]);
  const mixed = graph.op("Tanh", [
    conv(graph, map, { in: shape.hidden, out: shape.hidden, kernel: 3, pad: 1 }),
  ]);
  const depth = graph.op("Softplus", [conv(graph, mixed, { in: shape.hidden, out: 1, kernel: 1, scale: 2 })]);
  graph.op("Squeeze", [depth, graph.int64Constant([1])], {}, "predicted_depth");
  graph.floatOutput("predicted_depth", ["batch_size", "height_out", "width_out"]);
  return graph.toBytes();
}

/**
 * Swin2SR's super-resolution shape: `pixel_values` [batch, 3, h, w] (0…1) → `reconstruction`
 * [batch, 3, 2h, 2w]: the image enlarged by pixel repetition plus a small learned detail from a
 * convolution rearranged by DepthToSpace (the pixel shuffle of real upscalers).
 */
export function upscalerGraph(seed: number, shape: { hidden: number }): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-swin2sr", new Prng(seed), 14);
  const pixels = pixelInput(graph);
  // DepthToSpace (DCR) of four copies of the channels repeats each pixel in a 2×2 block.
  const enlarged = graph.op(
    "DepthToSpace",
    [graph.op("Concat", [pixels, pixels, pixels, pixels], { axis: 1 })],
    {
      blocksize: 2,
    },
  );
  const features = graph.op("Tanh", [conv(graph, pixels, { in: 3, out: shape.hidden, kernel: 3, pad: 1 })]);
  const detail = graph.op("DepthToSpace", [conv(graph, features, { in: shape.hidden, out: 12, kernel: 1 })], {
    blocksize: 2,
  });
  graph.op(
    "Add",
    [enlarged, graph.op("Mul", [graph.op("Tanh", [detail]), graph.floatScalar(0.15)])],
    {},
    "reconstruction",
  );
  graph.floatOutput("reconstruction", ["batch_size", 3, "height_out", "width_out"]);
  return graph.toBytes();
}
