import { Prng } from "../../tiny-gguf/prng.js";
import { GraphBuilder } from "../graph-builder.js";
import {
  asBool,
  attend,
  cachedSelfAttention,
  causalMask,
  dimension,
  keysAndValues,
  feedForward,
  positionRows,
  squash,
  tiedLogits,
  biased,
  type Cache,
  type ScoreBias,
} from "../layers.js";

export interface DecoderOnlyShape {
  vocabulary: number;
  hidden: number;
  layers: number;
  positions: number;
  /** With `past_key_values.*` inputs and `present.*` outputs (a cache), as `onnx/model.onnx` of Llama-family exports. */
  cache: boolean;
  /** Constants added to some tokens' scores. */
  biases?: readonly ScoreBias[];
}

/**
 * A causal language model in the transformers.js layout (`onnx/model.onnx`): inputs `input_ids`,
 * `attention_mask`, `position_ids` and, with a cache, `past_key_values.{i}.key/value`
 * [batch, 1, past, hidden]; outputs `logits` [batch, length, vocabulary] and `present.{i}.key/value`.
 * Without a cache each call sees only the tokens it is given (transformers.js then feeds one token a step).
 */
export function decoderOnlyGraph(seed: number, shape: DecoderOnlyShape): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-causal-lm", new Prng(seed), 14);
  const { hidden } = shape;
  const tokens = ["batch_size", "sequence_length"];
  const ids = graph.int64Input("input_ids", tokens);
  const attention = graph.int64Input("attention_mask", ["batch_size", "total_sequence_length"]);
  const positions = graph.int64Input("position_ids", tokens);
  const embeddings = graph.randomWeight([shape.vocabulary, hidden], 1);
  const table = graph.randomWeight([shape.positions, hidden], 0.5);
  let x = graph.op("Add", [
    graph.op("Gather", [embeddings, ids]),
    positionRows(graph, table, positions, shape.positions),
  ]);
  const padding = shape.cache ? asBool(graph, attention) : undefined;
  for (let layer = 0; layer < shape.layers; layer++) {
    if (shape.cache) {
      const cacheDims = ["batch_size", 1, "past_sequence_length", hidden];
      const past: Cache = {
        key: graph.floatInput(`past_key_values.${layer}.key`, cacheDims),
        value: graph.floatInput(`past_key_values.${layer}.value`, cacheDims),
      };
      const names = { key: `present.${layer}.key`, value: `present.${layer}.value` };
      const { out } = cachedSelfAttention(graph, hidden, x, past, padding, names);
      const presentDims = ["batch_size", 1, "total_sequence_length", hidden];
      graph.floatOutput(names.key, presentDims);
      graph.floatOutput(names.value, presentDims);
      x = squash(graph, feedForward(graph, hidden, graph.op("Add", [x, out])));
    } else {
      // No cache: causal attention over the tokens of this call only.
      const { key, value } = keysAndValues(graph, hidden, x);
      const mask = causalMask(graph, graph.int64Scalar(0), dimension(graph, x, 1));
      const out = attend(graph, hidden, x, key, value, mask);
      x = squash(graph, feedForward(graph, hidden, graph.op("Add", [x, out])));
    }
  }
  if (shape.biases)
    biased(
      graph,
      tiedLogits(graph, hidden, x, embeddings, "scores"),
      shape.vocabulary,
      shape.biases,
      "logits",
    );
  else tiedLogits(graph, hidden, x, embeddings);
  graph.floatOutput("logits", [...tokens, shape.vocabulary]);
  return graph.toBytes();
}
