import type { GraphBuilder } from "./graph-builder.js";

/**
 * Building blocks of the generative demo graphs (decoders with a key/value cache, encoders, cross
 * attention), written with standard ONNX ops (opset 14) so onnxruntime runs them like any export.
 * One attention head as wide as the hidden state: the cache tensors are [batch, 1, length, hidden],
 * the shape transformers.js builds from the config's `num_key_value_heads: 1` and `head_dim`.
 */

/** Large negative score of a masked position (not -inf: a row with nothing to see stays finite). */
const MASKED = -1e9;
/** ONNX TensorProto.DataType values for Cast. */
const TO_FLOAT = 1;
const TO_BOOL = 9;

export interface Cache {
  key: string;
  value: string;
}

/** A scalar int64 dimension of a tensor (`Shape` then `Gather`). */
export function dimension(graph: GraphBuilder, tensor: string, axis: number): string {
  return graph.op("Gather", [graph.op("Shape", [tensor]), graph.int64Scalar(axis)]);
}

/** [batch, length, hidden] → [batch, 1, length, hidden] (the one-head layout). */
export function headed(graph: GraphBuilder, x: string): string {
  return graph.op("Unsqueeze", [x, graph.int64Constant([1])]);
}

/** An int64 0/1 mask as booleans. */
export function asBool(graph: GraphBuilder, mask: string): string {
  return graph.op("Cast", [mask], { to: TO_BOOL });
}

/** A [batch, keys] boolean key mask, shaped to broadcast over [batch, 1, queries, keys] scores. */
export function keyMask(graph: GraphBuilder, mask: string): string {
  return graph.op("Unsqueeze", [mask, graph.int64Constant([1, 2])]);
}

/**
 * Which keys each query may see when queries are positions `start…start+queries-1` and keys
 * `0…start+queries-1`: [queries, keys] booleans (true = visible).
 */
export function causalMask(graph: GraphBuilder, start: string, queries: string): string {
  const total = graph.op("Add", [start, queries]);
  const one = graph.int64Scalar(1);
  const queryPositions = graph.op("Range", [start, total, one]);
  const keyPositions = graph.op("Range", [graph.int64Scalar(0), total, one]);
  return graph.op("LessOrEqual", [
    graph.op("Unsqueeze", [keyPositions, graph.int64Constant([0])]),
    graph.op("Unsqueeze", [queryPositions, graph.int64Constant([1])]),
  ]);
}

/**
 * Scaled dot-product attention of `query` [batch, queries, hidden] over one-head keys and values
 * [batch, 1, keys, hidden], with an optional boolean mask broadcastable to [batch, 1, queries, keys];
 * the result goes through an output projection: [batch, queries, hidden].
 */
export function attend(
  graph: GraphBuilder,
  hidden: number,
  query: string,
  keys: string,
  values: string,
  mask?: string,
): string {
  const q = headed(graph, graph.dense(query, hidden, hidden));
  const scores = graph.op("Mul", [
    graph.op("MatMul", [q, graph.op("Transpose", [keys], { perm: [0, 1, 3, 2] })]),
    graph.floatScalar(1 / Math.sqrt(hidden)),
  ]);
  const visible = mask ? graph.op("Where", [mask, scores, graph.floatScalar(MASKED)]) : scores;
  const weights = graph.op("Softmax", [visible], { axis: -1 });
  const mixed = graph.op("Squeeze", [graph.op("MatMul", [weights, values]), graph.int64Constant([1])]);
  return graph.dense(mixed, hidden, hidden);
}

/** Keys and values of `source` [batch, length, hidden] in the one-head layout. */
export function keysAndValues(graph: GraphBuilder, hidden: number, source: string): Cache {
  return {
    key: headed(graph, graph.dense(source, hidden, hidden)),
    value: headed(graph, graph.dense(source, hidden, hidden)),
  };
}

/**
 * Self-attention of a decoder step with a key/value cache: the new keys and values are appended to
 * `past` (the cache of earlier steps, length 0 on the first), queries see only earlier positions
 * (and, when given, keys the [batch, keys] boolean `padding` mask lets through). Returns the output
 * and the `present` cache (past + new), named `presentNames` when given (graph outputs).
 */
export function cachedSelfAttention(
  graph: GraphBuilder,
  hidden: number,
  x: string,
  past: Cache,
  padding: string | undefined,
  presentNames?: Cache,
): { out: string; present: Cache } {
  const fresh = keysAndValues(graph, hidden, x);
  const present = {
    key: graph.op("Concat", [past.key, fresh.key], { axis: 2 }, presentNames?.key),
    value: graph.op("Concat", [past.value, fresh.value], { axis: 2 }, presentNames?.value),
  };
  const causal = causalMask(graph, dimension(graph, past.key, 2), dimension(graph, x, 1));
  const mask = padding ? graph.op("And", [causal, keyMask(graph, padding)]) : causal;
  return { out: attend(graph, hidden, x, present.key, present.value, mask), present };
}

/** A position-wise feed-forward block with a residual connection: x + tanh(x·W1 + b1)·W2 + b2. */
export function feedForward(graph: GraphBuilder, hidden: number, x: string): string {
  const inner = graph.op("Tanh", [graph.dense(x, hidden, hidden)]);
  return graph.op("Add", [x, graph.dense(inner, hidden, hidden)]);
}

/** Bounds a hidden state to (-1, 1) so that random weights never blow up across layers. */
export function squash(graph: GraphBuilder, x: string): string {
  return graph.op("Tanh", [x]);
}

/** Rows of a [positions, hidden] table for int64 positions, clamped to the table (longer inputs repeat the last). */
export function positionRows(graph: GraphBuilder, table: string, positions: string, size: number): string {
  const clamped = graph.op("Min", [
    graph.op("Max", [positions, graph.int64Scalar(0)]),
    graph.int64Scalar(size - 1),
  ]);
  return graph.op("Gather", [table, clamped]);
}

/** Positions `start…start+length-1` of a step: [length] int64. */
export function stepPositions(graph: GraphBuilder, start: string, length: string): string {
  return graph.op("Range", [start, graph.op("Add", [start, length]), graph.int64Scalar(1)]);
}

/**
 * Token scores with the embedding table tied as output layer (as most exports do): [batch, length,
 * vocabulary] = tanh(x·W + b) · Eᵀ. The last mixing layer keeps random weights from simply predicting
 * the token they were given (the residual path would otherwise score it highest).
 */
export function tiedLogits(
  graph: GraphBuilder,
  hidden: number,
  x: string,
  embeddings: string,
  output = "logits",
): string {
  const mixed = graph.op("Tanh", [graph.dense(x, hidden, hidden)]);
  return graph.op("MatMul", [mixed, graph.op("Transpose", [embeddings], { perm: [1, 0] })], {}, output);
}

/**
 * Adds `rate × position` to one token's score, so a decoder with random weights still ends its
 * output after a few dozen tokens (the end-of-text token overtakes the others). `positions` is the
 * [length] int64 positions of the step; `scores` [batch, length, vocabulary].
 */
export function endRamp(
  graph: GraphBuilder,
  scores: string,
  positions: string,
  vocabulary: number,
  token: number,
  rate: number,
  output = "logits",
): string {
  const ramp = new Float32Array(vocabulary);
  ramp[token] = rate;
  const where = graph.op("Unsqueeze", [
    graph.op("Cast", [positions], { to: TO_FLOAT }),
    graph.int64Constant([1]),
  ]);
  return graph.op(
    "Add",
    [scores, graph.op("Mul", [where, graph.floatConstant(ramp, [vocabulary])])],
    {},
    output,
  );
}

/** A constant added to some tokens' scores (a negative one makes a random model avoid them). */
export interface ScoreBias {
  tokens: readonly number[];
  value: number;
}

/** Byte tokens a byte-level BPE writes as control characters or broken UTF-8 (ids 0–255 are the bytes). */
export function unprintableBytes(): number[] {
  const ids: number[] = [];
  for (let b = 0; b < 256; b++) if ((b < 32 && b !== 10) || b === 127 || b >= 128) ids.push(b);
  return ids;
}

/** `scores` plus the biases, as one constant vector over the vocabulary. */
export function biased(
  graph: GraphBuilder,
  scores: string,
  vocabulary: number,
  biases: readonly ScoreBias[],
  output?: string,
): string {
  const vector = new Float32Array(vocabulary);
  for (const bias of biases) for (const token of bias.tokens) vector[token] += bias.value;
  return graph.op("Add", [scores, graph.floatConstant(vector, [vocabulary])], {}, output);
}
