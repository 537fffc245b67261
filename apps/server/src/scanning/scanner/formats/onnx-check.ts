import { MalformedError, SequentialReader, TruncatedError, type ByteSource } from "../byte-source.js";
import type { FormatVerdict } from "./verdict.js";

/**
 * Where ONNX protobuf messages keep tensors and subgraphs (field numbers of onnx.proto): only these
 * are opened, everything else (raw tensor data included) is skipped by its length.
 */
type Message =
  "model" | "graph" | "node" | "attribute" | "tensor" | "sparse" | "function" | "training" | "entry";

const CHILDREN: Record<Message, ReadonlyMap<number, Message>> = {
  model: new Map([
    [7, "graph"],
    [20, "training"],
    [25, "function"],
  ]),
  training: new Map([
    [1, "graph"],
    [2, "graph"],
  ]),
  function: new Map([[7, "node"]]),
  graph: new Map([
    [1, "node"],
    [5, "tensor"],
    [15, "sparse"],
  ]),
  node: new Map([[5, "attribute"]]),
  attribute: new Map([
    [5, "tensor"],
    [6, "graph"],
    [10, "tensor"],
    [11, "graph"],
    [22, "sparse"],
    [23, "sparse"],
  ]),
  sparse: new Map([
    [1, "tensor"],
    [2, "tensor"],
  ]),
  tensor: new Map([[13, "entry"]]),
  entry: new Map(),
};

const MAX_DEPTH = 64;

/**
 * ONNX models may keep weights in files next to them (`external_data` entries of a tensor, key
 * `location`). Such a path is followed by the runtime that loads the model, so it must stay inside the
 * repo: relative, without `..`, without a drive or a leading slash. An escaping path is `unsafe`; a file
 * that is not a readable protobuf is `suspicious`.
 */
export function checkOnnx(source: ByteSource): FormatVerdict {
  const reader = new SequentialReader(source);
  const locations: string[] = [];
  try {
    walk(reader, source.size, "model", 0, locations);
  } catch (error) {
    if (error instanceof MalformedError || error instanceof TruncatedError)
      // a runtime cannot load it either; what it could reach (external paths) is unknown
      return { format: "onnx", status: "caution", message: `not a readable ONNX model: ${error.message}` };
    throw error;
  }
  for (const location of locations) {
    const problem = escapingPath(location);
    if (problem)
      return {
        format: "onnx",
        status: "unsafe",
        message: `external data path ${JSON.stringify(location)} ${problem}`,
      };
  }
  return {
    format: "onnx",
    status: "safe",
    message:
      locations.length > 0
        ? `${locations.length} external data paths, all inside the repo`
        : "no external data",
  };
}

function walk(
  reader: SequentialReader,
  end: number,
  message: Message,
  depth: number,
  locations: string[],
): void {
  if (depth > MAX_DEPTH) throw new MalformedError("messages nested too deep");
  let key: string | undefined;
  let value: string | undefined;
  while (reader.position < end) {
    const tag = varint(reader);
    const field = Math.floor(tag / 8);
    const wire = tag % 8;
    if (field === 0) throw new MalformedError(`field number 0 at byte ${reader.position}`);
    switch (wire) {
      case 0:
        varint(reader);
        break;
      case 1:
        reader.skip(8);
        break;
      case 5:
        reader.skip(4);
        break;
      case 2: {
        const length = varint(reader);
        const stop = reader.position + length;
        if (stop > end) throw new TruncatedError(`a field runs past its message at byte ${reader.position}`);
        const child = CHILDREN[message].get(field);
        if (message === "entry" && (field === 1 || field === 2)) {
          const text = reader.bytes(length).toString("utf8");
          if (field === 1) key = text;
          else value = text;
        } else if (child) walk(reader, stop, child, depth + 1, locations);
        else reader.skip(length);
        break;
      }
      default:
        throw new MalformedError(`wire type ${wire} at byte ${reader.position}`);
    }
  }
  if (reader.position !== end) throw new MalformedError("a field runs past its message");
  if (message === "entry" && key === "location" && value !== undefined) locations.push(value);
}

function varint(reader: SequentialReader): number {
  let result = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    const byte = reader.byte();
    result += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) {
      if (!Number.isSafeInteger(result)) throw new MalformedError("a varint beyond 2^53");
      return result;
    }
    scale *= 128;
  }
  throw new MalformedError("a varint longer than 10 bytes");
}

/** Why a path would leave the folder the model is in, or undefined when it stays inside. */
function escapingPath(location: string): string | undefined {
  if (location === "") return "is empty";
  if (location.includes("\0")) return "contains a NUL byte";
  if (location.startsWith("/") || location.startsWith("\\")) return "is absolute";
  if (/^[A-Za-z]:/.test(location)) return "names a drive";
  if (location.split(/[\\/]/).some((part) => part === "..")) return "climbs out with ..";
  return undefined;
}
