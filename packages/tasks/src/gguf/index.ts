export { GGMLFileQuantizationType, fileTypeLabel, fileTypeCode } from "./file-quantization-type.js";
export { GGMLQuantizationType, tensorTypeLabel } from "./tensor-quantization-type.js";
export { parseGGUFQuantLabel, compareGGUFFilenames } from "./quant-label.js";
export { GGUF_QUANT_ORDER, quantRank, compareQuantLabels } from "./quant-order.js";
