import { Prng } from "../../tiny-gguf/prng.js";
import { GraphBuilder } from "../graph-builder.js";
import {
  attend,
  dimension,
  feedForward,
  keysAndValues,
  positionRows,
  squash,
  stepPositions,
} from "../layers.js";
import { meanTokens, patchTokens, pixelInput, unit, withPositions } from "./vision-parts.js";

/**
 * Image encoders and the image-text towers of the vision demos: a ViT/DINOv2-shaped feature extractor,
 * the vision encoders of encoder-decoder models, CLIP (one graph with both towers, as Xenova's
 * `onnx/model.onnx`) and OWL-ViT (CLIP towers with a box per patch).
 */

export interface ImageShape {
  hidden: number;
  /** Side of the square image the preprocessor makes, and of the patches it is cut into. */
  imageSize: number;
  patch: number;
}

const patchCount = (shape: ImageShape) => (shape.imageSize / shape.patch) ** 2;

/** One bidirectional attention block over tokens [batch, n, hidden], bounded by tanh. */
function encoderBlock(graph: GraphBuilder, hidden: number, x: string): string {
  const { key, value } = keysAndValues(graph, hidden, x);
  const mixed = graph.op("Add", [x, attend(graph, hidden, x, key, value)]);
  return squash(graph, feedForward(graph, hidden, mixed));
}

/** Patch tokens with learned positions and one attention block: [batch, patches, hidden]. */
function imageTokens(graph: GraphBuilder, pixels: string, shape: ImageShape): string {
  const tokens = patchTokens(graph, pixels, shape.hidden, shape.patch);
  return encoderBlock(graph, shape.hidden, withPositions(graph, tokens, patchCount(shape), shape.hidden));
}

/**
 * A ViT / DINOv2 backbone (`Dinov2Model`): `pixel_values` → `last_hidden_state` [batch, 1 + patches,
 * hidden] (a class token first, here the mean of the patch tokens plus a learned vector) and
 * `pooler_output` [batch, hidden] (the class token's state).
 */
export function imageBackboneGraph(seed: number, shape: ImageShape): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-image-backbone", new Prng(seed), 14);
  const pixels = pixelInput(graph);
  const patches = patchTokens(graph, pixels, shape.hidden, shape.patch);
  const cls = graph.op("Add", [
    graph.op("ReduceMean", [patches], { axes: [1], keepdims: 1 }),
    graph.randomWeight([shape.hidden], 0.5),
  ]);
  const tokens = graph.op("Concat", [cls, patches], { axis: 1 });
  const states = encoderBlock(
    graph,
    shape.hidden,
    withPositions(graph, tokens, patchCount(shape) + 1, shape.hidden),
  );
  graph.op("Identity", [states], {}, "last_hidden_state");
  const first = graph.op("Gather", [states, graph.int64Scalar(0)], { axis: 1 });
  graph.op("Tanh", [graph.dense(first, shape.hidden, shape.hidden)], {}, "pooler_output");
  graph.floatOutput("last_hidden_state", ["batch_size", patchCount(shape) + 1, shape.hidden]);
  graph.floatOutput("pooler_output", ["batch_size", shape.hidden]);
  return graph.toBytes();
}

/**
 * The vision encoder of an encoder-decoder model (`onnx/encoder_model.onnx` of a
 * VisionEncoderDecoder export): `pixel_values` [batch, 3, height, width] → `last_hidden_state`
 * [batch, patches, hidden]. The preprocessor makes every image `height` × `width` (Donut's pages are
 * taller than wide).
 */
export function imageEncoderGraph(
  seed: number,
  shape: { hidden: number; patch: number; height: number; width: number },
): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-image-encoder", new Prng(seed), 14);
  const pixels = pixelInput(graph);
  const count = (shape.height / shape.patch) * (shape.width / shape.patch);
  const tokens = patchTokens(graph, pixels, shape.hidden, shape.patch);
  const states = encoderBlock(graph, shape.hidden, withPositions(graph, tokens, count, shape.hidden));
  graph.op("Identity", [states], {}, "last_hidden_state");
  graph.floatOutput("last_hidden_state", ["batch_size", count, shape.hidden]);
  return graph.toBytes();
}

/** CLIP's text tower: tokens and positions, one block, the mean over real tokens, unit length: [texts, hidden]. */
function textEmbeds(graph: GraphBuilder, vocabulary: number, hidden: number, positions: number): string {
  const tokens = ["text_batch_size", "sequence_length"];
  const ids = graph.int64Input("input_ids", tokens);
  const attention = graph.int64Input("attention_mask", tokens);
  const length = dimension(graph, ids, 1);
  const x = graph.op("Add", [
    graph.op("Gather", [graph.randomWeight([vocabulary, hidden], 1), ids]),
    positionRows(
      graph,
      graph.randomWeight([positions, hidden], 0.5),
      stepPositions(graph, graph.int64Scalar(0), length),
      positions,
    ),
  ]);
  const states = graph.op("Tanh", [graph.dense(x, hidden, hidden)]);
  const mask = graph.op("Unsqueeze", [graph.op("Cast", [attention], { to: 1 }), graph.int64Constant([2])]);
  const axis = graph.int64Constant([1]);
  const sum = graph.op("ReduceSum", [graph.op("Mul", [states, mask]), axis], { keepdims: 0 });
  const mean = graph.op("Div", [sum, graph.op("ReduceSum", [mask, axis], { keepdims: 0 })]);
  return unit(graph, graph.dense(mean, hidden, hidden));
}

export interface TowerShape extends ImageShape {
  vocabulary: number;
  /** Rows of the text position table (the tokenizer's model_max_length). */
  positions: number;
}

/**
 * CLIP (`CLIPModel`, one graph): `input_ids`, `attention_mask`, `pixel_values` → `logits_per_image`
 * [images, texts] (cosine similarity × a fixed scale), `logits_per_text`, `text_embeds`, `image_embeds`.
 */
export function clipGraph(seed: number, shape: TowerShape & { logitScale: number }): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-clip", new Prng(seed), 14);
  const text = textEmbeds(graph, shape.vocabulary, shape.hidden, shape.positions);
  const pixels = pixelInput(graph);
  const image = unit(
    graph,
    graph.dense(meanTokens(graph, imageTokens(graph, pixels, shape)), shape.hidden, shape.hidden),
  );
  const scores = graph.op("Mul", [
    graph.op("MatMul", [image, graph.op("Transpose", [text], { perm: [1, 0] })]),
    graph.floatScalar(shape.logitScale),
  ]);
  graph.op("Identity", [scores], {}, "logits_per_image");
  graph.op("Transpose", [scores], { perm: [1, 0] }, "logits_per_text");
  graph.op("Identity", [text], {}, "text_embeds");
  graph.op("Identity", [image], {}, "image_embeds");
  graph.floatOutput("logits_per_image", ["image_batch_size", "text_batch_size"]);
  graph.floatOutput("logits_per_text", ["text_batch_size", "image_batch_size"]);
  graph.floatOutput("text_embeds", ["text_batch_size", shape.hidden]);
  graph.floatOutput("image_embeds", ["image_batch_size", shape.hidden]);
  return graph.toBytes();
}

const logit = (p: number) => Math.log(p / (1 - p));

/**
 * OWL-ViT (`OwlViTForObjectDetection`): the CLIP text tower embeds each query; every image patch gets a
 * class embedding and a box near its own place on the grid. Outputs `logits` [images, patches, queries]
 * (similarity × scale + shift, read through a sigmoid), `pred_boxes` [images, patches, 4] (centre,
 * size in 0…1), `text_embeds`, `image_embeds`.
 */
export function owlVitGraph(
  seed: number,
  shape: TowerShape & { logitScale: number; logitShift: number },
): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-owlvit", new Prng(seed), 14);
  const text = textEmbeds(graph, shape.vocabulary, shape.hidden, shape.positions);
  const pixels = pixelInput(graph);
  const tokens = imageTokens(graph, pixels, shape);
  const classes = unit(graph, graph.dense(tokens, shape.hidden, shape.hidden));
  const similarity = graph.op("MatMul", [classes, graph.op("Transpose", [text], { perm: [1, 0] })]);
  graph.op(
    "Add",
    [graph.op("Mul", [similarity, graph.floatScalar(shape.logitScale)]), graph.floatScalar(shape.logitShift)],
    {},
    "logits",
  );
  // Each patch's box starts at the patch (centre of its cell, 1.5 cells wide) and moves a little.
  const side = shape.imageSize / shape.patch;
  const grid = new Float32Array(side * side * 4);
  for (let row = 0; row < side; row++)
    for (let col = 0; col < side; col++) {
      const at = (row * side + col) * 4;
      grid.set(
        [logit((col + 0.5) / side), logit((row + 0.5) / side), logit(1.5 / side), logit(1.5 / side)],
        at,
      );
    }
  const offsets = graph.op("Tanh", [graph.dense(tokens, shape.hidden, 4)]);
  graph.op(
    "Sigmoid",
    [graph.op("Add", [graph.floatConstant(grid, [side * side, 4]), offsets])],
    {},
    "pred_boxes",
  );
  graph.op("Identity", [text], {}, "text_embeds");
  graph.op("Identity", [classes], {}, "image_embeds");
  const patches = patchCount(shape);
  graph.floatOutput("logits", ["image_batch_size", patches, "text_batch_size"]);
  graph.floatOutput("pred_boxes", ["image_batch_size", patches, 4]);
  graph.floatOutput("text_embeds", ["text_batch_size", shape.hidden]);
  graph.floatOutput("image_embeds", ["image_batch_size", patches, shape.hidden]);
  return graph.toBytes();
}
