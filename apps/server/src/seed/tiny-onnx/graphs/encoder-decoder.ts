import { Prng } from "../../tiny-gguf/prng.js";
import { GraphBuilder } from "../graph-builder.js";
import {
  asBool,
  attend,
  cachedSelfAttention,
  dimension,
  endRamp,
  feedForward,
  keyMask,
  keysAndValues,
  positionRows,
  squash,
  stepPositions,
  tiedLogits,
  biased,
  type Cache,
  type ScoreBias,
} from "../layers.js";

/**
 * The two graphs of an encoder-decoder model as transformers.js loads them
 * (`onnx/encoder_model.onnx` and `onnx/decoder_model_merged.onnx`, the names of Optimum's exports):
 * the encoder turns the input into `last_hidden_state`; the merged decoder takes the tokens so far,
 * the encoder's states and the cache, and gives `logits` and the `present.*` cache.
 */

export interface DecoderShape {
  vocabulary: number;
  hidden: number;
  layers: number;
  /** Rows of the learned position table (longer outputs reuse the last). */
  positions: number;
  /** Whether the decoder takes `encoder_attention_mask` (text encoders pad; Whisper's does not). */
  encoderMask: boolean;
  /** The end-of-text token and how fast its score grows with the position, so outputs end. */
  end: { token: number; rate: number };
  /**
   * Constants added to some tokens' scores (Whisper's timestamp tokens get a negative one: a model with
   * random weights would otherwise write them where no timestamps were asked; unprintable bytes too).
   */
  biases?: readonly ScoreBias[];
}

/** A text encoder: token and position embeddings, bidirectional attention over the unpadded tokens. */
export function textEncoderGraph(
  seed: number,
  vocabulary: number,
  hidden: number,
  positions: number,
): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-text-encoder", new Prng(seed), 14);
  const tokens = ["batch_size", "encoder_sequence_length"];
  const ids = graph.int64Input("input_ids", tokens);
  const attention = graph.int64Input("attention_mask", tokens);
  const embeddings = graph.randomWeight([vocabulary, hidden], 1);
  const table = graph.randomWeight([positions, hidden], 0.5);
  const length = dimension(graph, ids, 1);
  let x = graph.op("Add", [
    graph.op("Gather", [embeddings, ids]),
    positionRows(graph, table, stepPositions(graph, graph.int64Scalar(0), length), positions),
  ]);
  const { key, value } = keysAndValues(graph, hidden, x);
  const out = attend(graph, hidden, x, key, value, keyMask(graph, asBool(graph, attention)));
  x = squash(graph, feedForward(graph, hidden, graph.op("Add", [x, out])));
  graph.op("Identity", [x], {}, "last_hidden_state");
  graph.floatOutput("last_hidden_state", [...tokens, hidden]);
  return graph.toBytes();
}

/**
 * Whisper's encoder shape: log-mel `input_features` [batch, mel bins, frames] through two
 * convolutions (the second halves the frames, 3000 → 1500) and a learned position table:
 * `last_hidden_state` [batch, frames / 2, hidden].
 */
export function audioEncoderGraph(seed: number, melBins: number, hidden: number, frames: number): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-audio-encoder", new Prng(seed), 14);
  const features = graph.floatInput("input_features", ["batch_size", melBins, "encoder_sequence_length"]);
  const conv = (x: string, inChannels: number, stride: number) =>
    graph.op(
      "Conv",
      [
        x,
        graph.randomWeight([hidden, inChannels, 3], 1 / Math.sqrt(inChannels * 3)),
        graph.randomWeight([hidden], 0.1),
      ],
      { kernel_shape: [3], pads: [1, 1], strides: [stride] },
    );
  const first = graph.op("Tanh", [conv(features, melBins, 1)]);
  const second = graph.op("Tanh", [conv(first, hidden, 2)]);
  const states = graph.op("Transpose", [second], { perm: [0, 2, 1] });
  const positions = frames / 2;
  const table = graph.randomWeight([positions, hidden], 0.5);
  const length = dimension(graph, states, 1);
  const x = graph.op("Add", [
    states,
    positionRows(graph, table, stepPositions(graph, graph.int64Scalar(0), length), positions),
  ]);
  graph.op("Identity", [squash(graph, feedForward(graph, hidden, x))], {}, "last_hidden_state");
  graph.floatOutput("last_hidden_state", ["batch_size", "encoder_sequence_length_out", hidden]);
  return graph.toBytes();
}

/**
 * The merged decoder: inputs `input_ids`, `encoder_hidden_states`, (`encoder_attention_mask`),
 * `past_key_values.{i}.decoder.key/value` (its own cache), `past_key_values.{i}.encoder.key/value`
 * (the cross-attention cache, recomputed here from the encoder states each step) and
 * `use_cache_branch`; outputs `logits` and the matching `present.*` tensors.
 */
export function mergedDecoderGraph(seed: number, shape: DecoderShape): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-decoder", new Prng(seed), 14);
  const { hidden } = shape;
  const encoderTokens = ["batch_size", "encoder_sequence_length"];
  const mask = shape.encoderMask ? graph.int64Input("encoder_attention_mask", encoderTokens) : undefined;
  const ids = graph.int64Input("input_ids", ["batch_size", "decoder_sequence_length"]);
  const encoder = graph.floatInput("encoder_hidden_states", [...encoderTokens, hidden]);
  const pasts: Cache[] = [];
  for (let layer = 0; layer < shape.layers; layer++) {
    const own = ["batch_size", 1, "past_decoder_sequence_length", hidden];
    const cross = ["batch_size", 1, "encoder_sequence_length_out", hidden];
    pasts.push({
      key: graph.floatInput(`past_key_values.${layer}.decoder.key`, own),
      value: graph.floatInput(`past_key_values.${layer}.decoder.value`, own),
    });
    // Declared as the exports declare them; the cross-attention keys are cheap to recompute.
    graph.floatInput(`past_key_values.${layer}.encoder.key`, cross);
    graph.floatInput(`past_key_values.${layer}.encoder.value`, cross);
  }
  graph.boolInput("use_cache_branch", [1]);

  const embeddings = graph.randomWeight([shape.vocabulary, hidden], 1);
  const table = graph.randomWeight([shape.positions, hidden], 0.5);
  const positions = stepPositions(graph, dimension(graph, pasts[0].key, 2), dimension(graph, ids, 1));
  let x = graph.op("Add", [
    graph.op("Gather", [embeddings, ids]),
    positionRows(graph, table, positions, shape.positions),
  ]);
  const encoderMask = mask ? keyMask(graph, asBool(graph, mask)) : undefined;
  for (let layer = 0; layer < shape.layers; layer++) {
    const own = { key: `present.${layer}.decoder.key`, value: `present.${layer}.decoder.value` };
    const { out } = cachedSelfAttention(graph, hidden, x, pasts[layer], undefined, own);
    x = graph.op("Add", [x, out]);
    const cross = keysAndValues(graph, hidden, encoder);
    graph.op("Identity", [cross.key], {}, `present.${layer}.encoder.key`);
    graph.op("Identity", [cross.value], {}, `present.${layer}.encoder.value`);
    x = graph.op("Add", [x, attend(graph, hidden, x, cross.key, cross.value, encoderMask)]);
    x = squash(graph, feedForward(graph, hidden, x));
    const ownDims = ["batch_size", 1, "past_decoder_sequence_length + 1", hidden];
    const crossDims = ["batch_size", 1, "encoder_sequence_length_out", hidden];
    graph.floatOutput(own.key, ownDims);
    graph.floatOutput(own.value, ownDims);
    graph.floatOutput(`present.${layer}.encoder.key`, crossDims);
    graph.floatOutput(`present.${layer}.encoder.value`, crossDims);
  }
  let scores = tiedLogits(graph, hidden, x, embeddings, "scores");
  if (shape.biases) scores = biased(graph, scores, shape.vocabulary, shape.biases);
  endRamp(graph, scores, positions, shape.vocabulary, shape.end.token, shape.end.rate);
  graph.floatOutput("logits", ["batch_size", "decoder_sequence_length", shape.vocabulary]);
  return graph.toBytes();
}
