import protobuf from "protobufjs";

/**
 * The subset of the ONNX protobuf schema (onnx.proto, IR version 8) the demo graphs need, declared
 * here so the hub writes .onnx files without a Python toolchain. Field numbers are the standard ones.
 */
const ONNX_SCHEMA = {
  nested: {
    onnx: {
      nested: {
        ModelProto: {
          fields: {
            irVersion: { type: "int64", id: 1 },
            producerName: { type: "string", id: 2 },
            producerVersion: { type: "string", id: 3 },
            docString: { type: "string", id: 6 },
            graph: { type: "GraphProto", id: 7 },
            opsetImport: { rule: "repeated", type: "OperatorSetIdProto", id: 8 },
          },
        },
        OperatorSetIdProto: {
          fields: { domain: { type: "string", id: 1 }, version: { type: "int64", id: 2 } },
        },
        GraphProto: {
          fields: {
            node: { rule: "repeated", type: "NodeProto", id: 1 },
            name: { type: "string", id: 2 },
            initializer: { rule: "repeated", type: "TensorProto", id: 5 },
            input: { rule: "repeated", type: "ValueInfoProto", id: 11 },
            output: { rule: "repeated", type: "ValueInfoProto", id: 12 },
          },
        },
        NodeProto: {
          fields: {
            input: { rule: "repeated", type: "string", id: 1 },
            output: { rule: "repeated", type: "string", id: 2 },
            name: { type: "string", id: 3 },
            opType: { type: "string", id: 4 },
            attribute: { rule: "repeated", type: "AttributeProto", id: 5 },
          },
        },
        AttributeProto: {
          fields: {
            name: { type: "string", id: 1 },
            f: { type: "float", id: 2 },
            i: { type: "int64", id: 3 },
            ints: { rule: "repeated", type: "int64", id: 8 },
            type: { type: "int32", id: 20 },
          },
        },
        TensorProto: {
          fields: {
            dims: { rule: "repeated", type: "int64", id: 1 },
            dataType: { type: "int32", id: 2 },
            name: { type: "string", id: 8 },
            rawData: { type: "bytes", id: 9 },
          },
        },
        ValueInfoProto: {
          fields: { name: { type: "string", id: 1 }, type: { type: "TypeProto", id: 2 } },
        },
        TypeProto: {
          fields: { tensorType: { type: "TensorTypeProto", id: 1 } },
        },
        TensorTypeProto: {
          fields: { elemType: { type: "int32", id: 1 }, shape: { type: "TensorShapeProto", id: 2 } },
        },
        TensorShapeProto: {
          fields: { dim: { rule: "repeated", type: "Dimension", id: 1 } },
        },
        Dimension: {
          oneofs: { value: { oneof: ["dimValue", "dimParam"] } },
          fields: { dimValue: { type: "int64", id: 1 }, dimParam: { type: "string", id: 2 } },
        },
      },
    },
  },
};

let modelType: protobuf.Type | undefined;

/** The ModelProto message type (built once). */
export function onnxModelType(): protobuf.Type {
  modelType ??= protobuf.Root.fromJSON(ONNX_SCHEMA).lookupType("onnx.ModelProto");
  return modelType;
}

/** ONNX TensorProto.DataType values used here. */
export const ONNX_FLOAT = 1;
export const ONNX_INT64 = 7;
export const ONNX_BOOL = 9;
/** AttributeProto.AttributeType values used here. */
export const ATTR_FLOAT = 1;
export const ATTR_INT = 2;
export const ATTR_INTS = 7;
