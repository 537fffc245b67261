/** The catalogue flag of a runnable demo ONNX model: its files come from demo-onnx-models.ts. */
export const ONNX_RUNNABLE_FLAG = "onnx-runnable";
