/** The provider name of the ONNX backend in usage rows and provider mappings. */
export const ONNX_BACKEND_NAME = "onnx";
