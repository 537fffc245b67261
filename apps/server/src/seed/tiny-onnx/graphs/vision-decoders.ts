import { Prng } from "../../tiny-gguf/prng.js";
import { GraphBuilder } from "../graph-builder.js";
import {
  attend,
  cachedSelfAttention,
  dimension,
  endRamp,
  feedForward,
  keysAndValues,
  positionRows,
  squash,
  stepPositions,
  tiedLogits,
  type Cache,
} from "../layers.js";

/**
 * The text decoders of the vision encoder-decoder demos (`onnx/decoder_model_merged.onnx`): a causal
 * decoder with a key/value cache that attends to the image encoder's states. The cache inputs are
 * named as transformers.js names them for the decoder's family: a GPT-2 decoder (vit-gpt2 captioners)
 * has `past_key_values.{i}.key/value`; a BART-family decoder (Donut's mBART) has
 * `past_key_values.{i}.decoder.*` and `….encoder.*` (the cross-attention cache, recomputed each step).
 */
export interface ImageTextDecoderShape {
  vocabulary: number;
  hidden: number;
  layers: number;
  positions: number;
  cacheNames: "gpt2" | "bart";
  /** The end token, whose score grows with the position so outputs end (`rate` per position). */
  end: { token: number; rate: number };
  /** A token that, once written, is followed by another (`</s_answer>` then `</s>`). */
  follow?: { after: number; next: number };
  /** Constants added to the scores of token ranges (`from`…`to`-1), e.g. to keep random text readable. */
  bias?: { from: number; to: number; value: number }[];
}

export function imageTextDecoderGraph(seed: number, shape: ImageTextDecoderShape): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-image-text-decoder", new Prng(seed), 14);
  const { hidden } = shape;
  const ids = graph.int64Input("input_ids", ["batch_size", "decoder_sequence_length"]);
  const encoder = graph.floatInput("encoder_hidden_states", [
    "batch_size",
    "encoder_sequence_length",
    hidden,
  ]);
  const bart = shape.cacheNames === "bart";
  const past: Cache[] = [];
  for (let layer = 0; layer < shape.layers; layer++) {
    const own = ["batch_size", 1, "past_decoder_sequence_length", hidden];
    const prefix = `past_key_values.${layer}${bart ? ".decoder" : ""}`;
    past.push({
      key: graph.floatInput(`${prefix}.key`, own),
      value: graph.floatInput(`${prefix}.value`, own),
    });
    if (bart) {
      const cross = ["batch_size", 1, "encoder_sequence_length_out", hidden];
      graph.floatInput(`past_key_values.${layer}.encoder.key`, cross);
      graph.floatInput(`past_key_values.${layer}.encoder.value`, cross);
    }
  }
  graph.boolInput("use_cache_branch", [1]);

  const embeddings = graph.randomWeight([shape.vocabulary, hidden], 1);
  const table = graph.randomWeight([shape.positions, hidden], 0.5);
  const positions = stepPositions(graph, dimension(graph, past[0].key, 2), dimension(graph, ids, 1));
  let x = graph.op("Add", [
    graph.op("Gather", [embeddings, ids]),
    positionRows(graph, table, positions, shape.positions),
  ]);
  for (let layer = 0; layer < shape.layers; layer++) {
    const prefix = `present.${layer}${bart ? ".decoder" : ""}`;
    const names = { key: `${prefix}.key`, value: `${prefix}.value` };
    const { out } = cachedSelfAttention(graph, hidden, x, past[layer], undefined, names);
    x = graph.op("Add", [x, out]);
    const cross = keysAndValues(graph, hidden, encoder);
    x = graph.op("Add", [x, attend(graph, hidden, x, cross.key, cross.value)]);
    x = squash(graph, feedForward(graph, hidden, x));
    const ownDims = ["batch_size", 1, "past_decoder_sequence_length + 1", hidden];
    graph.floatOutput(names.key, ownDims);
    graph.floatOutput(names.value, ownDims);
    if (bart) {
      const crossDims = ["batch_size", 1, "encoder_sequence_length_out", hidden];
      graph.op("Identity", [cross.key], {}, `present.${layer}.encoder.key`);
      graph.op("Identity", [cross.value], {}, `present.${layer}.encoder.value`);
      graph.floatOutput(`present.${layer}.encoder.key`, crossDims);
      graph.floatOutput(`present.${layer}.encoder.value`, crossDims);
    }
  }
  let scores = tiedLogits(graph, hidden, x, embeddings, "scores");
  if (shape.bias && shape.bias.length > 0) {
    const bias = new Float32Array(shape.vocabulary);
    for (const range of shape.bias) bias.fill(range.value, range.from, range.to);
    scores = graph.op("Add", [scores, graph.floatConstant(bias, [shape.vocabulary])]);
  }
  if (shape.follow) {
    const written = graph.op("Cast", [graph.op("Equal", [ids, graph.int64Scalar(shape.follow.after)])], {
      to: 1,
    });
    const push = new Float32Array(shape.vocabulary);
    push[shape.follow.next] = 100;
    scores = graph.op("Add", [
      scores,
      graph.op("Mul", [
        graph.op("Unsqueeze", [written, graph.int64Constant([2])]),
        graph.floatConstant(push, [shape.vocabulary]),
      ]),
    ]);
  }
  endRamp(graph, scores, positions, shape.vocabulary, shape.end.token, shape.end.rate);
  graph.floatOutput("logits", ["batch_size", "decoder_sequence_length", shape.vocabulary]);
  return graph.toBytes();
}
