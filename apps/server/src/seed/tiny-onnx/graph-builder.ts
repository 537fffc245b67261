import {
  ATTR_FLOAT,
  ATTR_INT,
  ATTR_INTS,
  ONNX_BOOL,
  ONNX_FLOAT,
  ONNX_INT64,
  onnxModelType,
} from "./onnx-schema.js";
import type { Prng } from "../tiny-gguf/prng.js";

type Dim = number | string;
interface ValueInfo {
  name: string;
  type: { tensorType: { elemType: number; shape: { dim: ({ dimValue: number } | { dimParam: string })[] } } };
}
interface Attribute {
  name: string;
  type: number;
  f?: number;
  i?: number;
  ints?: number[];
}

/** A node attribute: an int, a list of ints, or a float (`{ float: x }`). */
export type AttributeValue = number | number[] | { float: number };
interface Node {
  input: string[];
  output: string[];
  name: string;
  opType: string;
  attribute: Attribute[];
}
interface Tensor {
  name: string;
  dims: number[];
  dataType: number;
  rawData: Uint8Array;
}

function valueInfo(name: string, elemType: number, dims: Dim[]): ValueInfo {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

/** Builds one small inference graph with standard ONNX ops (opset 13) and serialises it. */
export class GraphBuilder {
  private readonly nodes: Node[] = [];
  private readonly initializers: Tensor[] = [];
  private readonly inputs: ValueInfo[] = [];
  private readonly outputs: ValueInfo[] = [];
  private counter = 0;

  constructor(
    private readonly name: string,
    private readonly prng: Prng,
    /** The default opset import (13 for the first demo graphs: their bytes stay as they were). */
    private readonly opset = 13,
  ) {}

  floatInput(name: string, dims: Dim[]): string {
    this.inputs.push(valueInfo(name, ONNX_FLOAT, dims));
    return name;
  }

  int64Input(name: string, dims: Dim[]): string {
    this.inputs.push(valueInfo(name, ONNX_INT64, dims));
    return name;
  }

  boolInput(name: string, dims: Dim[]): string {
    this.inputs.push(valueInfo(name, ONNX_BOOL, dims));
    return name;
  }

  floatOutput(name: string, dims: Dim[]): void {
    this.outputs.push(valueInfo(name, ONNX_FLOAT, dims));
  }

  /** A weight of random values in [-scale, scale). */
  randomWeight(dims: number[], scale: number): string {
    const values = new Float32Array(dims.reduce((a, b) => a * b, 1));
    for (let i = 0; i < values.length; i++) values[i] = this.prng.symmetric(scale);
    return this.floatConstant(values, dims);
  }

  floatConstant(values: Float32Array, dims: number[]): string {
    const name = `w${this.initializers.length}`;
    this.initializers.push({ name, dims, dataType: ONNX_FLOAT, rawData: new Uint8Array(values.buffer) });
    return name;
  }

  int64Constant(values: number[]): string {
    const name = `c${this.initializers.length}`;
    const raw = new BigInt64Array(values.map((v) => BigInt(v)));
    this.initializers.push({
      name,
      dims: [values.length],
      dataType: ONNX_INT64,
      rawData: new Uint8Array(raw.buffer),
    });
    return name;
  }

  /** A 0-dimensional int64 constant (Range and Gather take scalars). */
  int64Scalar(value: number): string {
    const name = `c${this.initializers.length}`;
    const raw = new BigInt64Array([BigInt(value)]);
    this.initializers.push({ name, dims: [], dataType: ONNX_INT64, rawData: new Uint8Array(raw.buffer) });
    return name;
  }

  /** A 0-dimensional float constant. */
  floatScalar(value: number): string {
    return this.floatConstant(new Float32Array([value]), []);
  }

  /** Adds a node; `output` names the result (a fresh name unless given). */
  op(
    opType: string,
    inputs: string[],
    attributes: Record<string, AttributeValue> = {},
    output?: string,
  ): string {
    const result = output ?? `t${this.counter++}`;
    const attribute = Object.entries(attributes).map(([name, value]) =>
      Array.isArray(value)
        ? { name, type: ATTR_INTS, ints: value }
        : typeof value === "number"
          ? { name, type: ATTR_INT, i: value }
          : { name, type: ATTR_FLOAT, f: value.float },
    );
    this.nodes.push({
      input: inputs,
      output: [result],
      name: `${opType}_${this.nodes.length}`,
      opType,
      attribute,
    });
    return result;
  }

  /** x·W + b with fresh random W [inDim, outDim] and b [outDim]. */
  dense(x: string, inDim: number, outDim: number, output?: string): string {
    const product = this.op("MatMul", [x, this.randomWeight([inDim, outDim], 1 / Math.sqrt(inDim))]);
    return this.op("Add", [product, this.randomWeight([outDim], 0.1)], {}, output);
  }

  toBytes(): Uint8Array {
    const type = onnxModelType();
    const message = type.fromObject({
      irVersion: 8,
      producerName: "modelhub-demo",
      producerVersion: "1",
      docString: "Random weights: the outputs are meaningless.",
      opsetImport: [{ domain: "", version: this.opset }],
      graph: {
        name: this.name,
        node: this.nodes,
        initializer: this.initializers,
        input: this.inputs,
        output: this.outputs,
      },
    });
    return type.encode(message).finish();
  }
}
