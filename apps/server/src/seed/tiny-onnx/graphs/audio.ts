import { Prng } from "../../tiny-gguf/prng.js";
import { GraphBuilder } from "../graph-builder.js";

/**
 * An audio classifier shaped like a wav2vec2 sequence-classification export (`input_values`
 * [batch, samples] → `logits` [batch, labels]): a strided convolution over the raw waveform (400-sample
 * windows every 320 samples, padded so that any length gives at least one frame), tanh, the mean over
 * time, then two dense layers.
 */
export function audioClassifierGraph(seed: number, hidden: number, labels: number): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-audio-classifier", new Prng(seed), 14);
  const values = graph.floatInput("input_values", ["batch_size", "sequence_length"]);
  const channel = graph.op("Unsqueeze", [values, graph.int64Constant([1])]);
  const frames = graph.op(
    "Conv",
    [channel, graph.randomWeight([hidden, 1, 400], 1 / 20), graph.randomWeight([hidden], 0.1)],
    { kernel_shape: [400], strides: [320], pads: [200, 200] },
  );
  const pooled = graph.op("ReduceMean", [graph.op("Tanh", [frames])], { axes: [2], keepdims: 0 });
  const inner = graph.op("Tanh", [graph.dense(pooled, hidden, hidden)]);
  graph.dense(inner, hidden, labels, "logits");
  graph.floatOutput("logits", ["batch_size", labels]);
  return graph.toBytes();
}

/** Samples each input token becomes in the text-to-speech demo (50 ms at 16 kHz). */
export const SAMPLES_PER_TOKEN = 800;

/**
 * A text-to-waveform model shaped like a VITS export (`input_ids`, `attention_mask` → `waveform`
 * [batch, samples]): each token becomes a short tone whose pitch (110–880 Hz) and loudness come from
 * its random embedding, under a sine envelope so tones do not click; padding is silent.
 */
export function toneSpeechGraph(
  seed: number,
  vocabulary: number,
  hidden: number,
  samplingRate: number,
): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-text-to-waveform", new Prng(seed), 14);
  const tokens = ["batch_size", "sequence_length"];
  const ids = graph.int64Input("input_ids", tokens);
  const attention = graph.int64Input("attention_mask", tokens);
  const embedded = graph.op("Gather", [graph.randomWeight([vocabulary, hidden], 1), ids]);
  const unit = (x: string) => graph.op("Sigmoid", [graph.dense(x, hidden, 1)]);
  const pitch = graph.op("Add", [
    graph.op("Mul", [unit(embedded), graph.floatScalar(770)]),
    graph.floatScalar(110),
  ]);
  const loudness = graph.op("Mul", [unit(embedded), graph.floatScalar(0.4)]);
  const time = new Float32Array(SAMPLES_PER_TOKEN);
  const envelope = new Float32Array(SAMPLES_PER_TOKEN);
  for (let n = 0; n < SAMPLES_PER_TOKEN; n++) {
    time[n] = (2 * Math.PI * n) / samplingRate;
    envelope[n] = Math.sin((Math.PI * n) / SAMPLES_PER_TOKEN);
  }
  const phase = graph.op("Mul", [pitch, graph.floatConstant(time, [SAMPLES_PER_TOKEN])]);
  const mask = graph.op("Unsqueeze", [graph.op("Cast", [attention], { to: 1 }), graph.int64Constant([2])]);
  const tone = graph.op("Mul", [
    graph.op("Mul", [graph.op("Sin", [phase]), graph.floatConstant(envelope, [SAMPLES_PER_TOKEN])]),
    graph.op("Mul", [loudness, mask]),
  ]);
  graph.op("Reshape", [tone, graph.int64Constant([0, -1])], {}, "waveform");
  graph.floatOutput("waveform", ["batch_size", "num_samples"]);
  return graph.toBytes();
}
