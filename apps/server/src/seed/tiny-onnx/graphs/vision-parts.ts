import type { GraphBuilder } from "../graph-builder.js";

/**
 * Building blocks of the vision demo graphs (standard ONNX ops, opset 14): convolutions over
 * `pixel_values` [batch, 3, height, width] and the pooling that turns a feature map into vectors.
 */

/** An image input as the exports declare it: any batch, three channels, any size. */
export function pixelInput(graph: GraphBuilder, name = "pixel_values"): string {
  return graph.floatInput(name, ["batch_size", 3, "height", "width"]);
}

/** A convolution with random weights: [batch, inChannels, h, w] → [batch, outChannels, h / stride, w / stride]. */
export function conv(
  graph: GraphBuilder,
  x: string,
  shape: { in: number; out: number; kernel: number; stride?: number; pad?: number; scale?: number },
  output?: string,
): string {
  const { kernel } = shape;
  const pad = shape.pad ?? 0;
  const fanIn = shape.in * kernel * kernel;
  return graph.op(
    "Conv",
    [
      x,
      graph.randomWeight([shape.out, shape.in, kernel, kernel], shape.scale ?? 1 / Math.sqrt(fanIn)),
      graph.randomWeight([shape.out], 0.1),
    ],
    {
      kernel_shape: [kernel, kernel],
      strides: [shape.stride ?? 1, shape.stride ?? 1],
      pads: [pad, pad, pad, pad],
    },
    output,
  );
}

/** Non-overlapping patches as tokens: [batch, 3, h, w] → [batch, (h / patch)·(w / patch), hidden]. */
export function patchTokens(graph: GraphBuilder, pixels: string, hidden: number, patch: number): string {
  const map = graph.op("Tanh", [conv(graph, pixels, { in: 3, out: hidden, kernel: patch, stride: patch })]);
  const flat = graph.op("Reshape", [map, graph.int64Constant([0, hidden, -1])]);
  return graph.op("Transpose", [flat], { perm: [0, 2, 1] });
}

/** Mean and maximum over the spatial axes of a feature map: [batch, channels, h, w] → [batch, 2·channels]. */
export function poolMap(graph: GraphBuilder, map: string): string {
  const mean = graph.op("ReduceMean", [map], { axes: [2, 3], keepdims: 0 });
  const max = graph.op("ReduceMax", [map], { axes: [2, 3], keepdims: 0 });
  return graph.op("Concat", [mean, max], { axis: 1 });
}

/** Mean over the tokens: [batch, tokens, hidden] → [batch, hidden]. */
export function meanTokens(graph: GraphBuilder, tokens: string): string {
  return graph.op("ReduceMean", [tokens], { axes: [1], keepdims: 0 });
}

/** Unit vectors along the last axis (L2), as CLIP-like towers normalise their embeddings. */
export function unit(graph: GraphBuilder, x: string): string {
  return graph.op("LpNormalization", [x], { axis: -1, p: 2 });
}

/** `x` with the positions' rows of a learned table added: [batch, n, hidden] + [n, hidden]. */
export function withPositions(graph: GraphBuilder, tokens: string, count: number, hidden: number): string {
  return graph.op("Add", [tokens, graph.randomWeight([count, hidden], 0.5)]);
}
