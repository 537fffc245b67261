import { Prng } from "../tiny-gguf/prng.js";
import { GraphBuilder } from "./graph-builder.js";

/** Width of the demo encoders' hidden states. */
export const HIDDEN_SIZE = 32;
/** Side of the square images the demo image classifier takes. */
export const IMAGE_SIZE = 32;

/** What a text graph puts on top of the shared encoder. */
export type TextHead =
  | { kind: "hidden" }
  | { kind: "sequence"; labels: number }
  | { kind: "token"; labels: number }
  | { kind: "masked-lm"; vocabularySize: number }
  | { kind: "span" };

/**
 * A one-layer "encoder": token embeddings (Gather), a dense layer with tanh, zeroed at padding
 * (attention_mask). Inputs `input_ids`, `attention_mask` [batch, sequence] as BERT exports have them.
 */
function encoder(graph: GraphBuilder, vocabularySize: number): { hidden: string; mask: string } {
  const ids = graph.int64Input("input_ids", ["batch_size", "sequence_length"]);
  const attention = graph.int64Input("attention_mask", ["batch_size", "sequence_length"]);
  const embedded = graph.op("Gather", [graph.randomWeight([vocabularySize, HIDDEN_SIZE], 1), ids]);
  const mask = graph.op("Unsqueeze", [graph.op("Cast", [attention], { to: 1 }), graph.int64Constant([2])]);
  const hidden = graph.op("Mul", [graph.op("Tanh", [graph.dense(embedded, HIDDEN_SIZE, HIDDEN_SIZE)]), mask]);
  return { hidden, mask };
}

/** Mean of the hidden states over the real (unpadded) tokens: [batch, hidden]. */
function maskedMean(graph: GraphBuilder, hidden: string, mask: string): string {
  const axis = graph.int64Constant([1]);
  const sum = graph.op("ReduceSum", [hidden, axis], { keepdims: 0 });
  const count = graph.op("ReduceSum", [mask, axis], { keepdims: 0 });
  return graph.op("Div", [sum, count]);
}

/** The ONNX bytes of a text model with the given head; same seed, same bytes. */
export function textGraph(seed: number, vocabularySize: number, head: TextHead): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-text", new Prng(seed));
  const { hidden, mask } = encoder(graph, vocabularySize);
  const tokens = ["batch_size", "sequence_length"];
  switch (head.kind) {
    case "hidden":
      graph.op("Identity", [hidden], {}, "last_hidden_state");
      graph.floatOutput("last_hidden_state", [...tokens, HIDDEN_SIZE]);
      break;
    case "sequence":
      graph.dense(maskedMean(graph, hidden, mask), HIDDEN_SIZE, head.labels, "logits");
      graph.floatOutput("logits", ["batch_size", head.labels]);
      break;
    case "token":
      graph.dense(hidden, HIDDEN_SIZE, head.labels, "logits");
      graph.floatOutput("logits", [...tokens, head.labels]);
      break;
    case "masked-lm":
      graph.dense(hidden, HIDDEN_SIZE, head.vocabularySize, "logits");
      graph.floatOutput("logits", [...tokens, head.vocabularySize]);
      break;
    case "span":
      for (const name of ["start_logits", "end_logits"]) {
        const scores = graph.dense(hidden, HIDDEN_SIZE, 1);
        graph.op("Squeeze", [scores, graph.int64Constant([2])], {}, name);
        graph.floatOutput(name, tokens);
      }
      break;
  }
  return graph.toBytes();
}

/** An image classifier: per-channel means of `pixel_values`, a tanh layer, then `logits`. */
export function imageGraph(seed: number, labels: number): Uint8Array {
  const graph = new GraphBuilder("modelhub-demo-image", new Prng(seed));
  const pixels = graph.floatInput("pixel_values", ["batch_size", 3, IMAGE_SIZE, IMAGE_SIZE]);
  const channels = graph.op("ReduceMean", [pixels], { axes: [2, 3], keepdims: 0 });
  const hidden = graph.op("Tanh", [graph.dense(channels, 3, HIDDEN_SIZE)]);
  graph.dense(hidden, HIDDEN_SIZE, labels, "logits");
  graph.floatOutput("logits", ["batch_size", labels]);
  return graph.toBytes();
}
