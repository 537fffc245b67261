import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { placeholderSnippet, repoNameOf } from "../helpers.js";
import { hasTag } from "./common.js";

/** PaddleOCR module classes by the task tag the model carries. */
const MODULE_BY_TAG: Readonly<Record<string, string>> = {
  textline_detection: "TextDetection",
  textline_recognition: "TextRecognition",
  seal_text_detection: "SealTextDetection",
  doc_img_unwarping: "TextImageUnwarping",
  doc_img_orientation_classification: "DocImgOrientationClassification",
  textline_orientation_classification: "TextLineOrientationClassification",
  chart_parsing: "ChartParsing",
  formula_recognition: "FormulaRecognition",
  layout_detection: "LayoutDetection",
  table_cells_detection: "TableCellsDetection",
  wired_table_classification: "TableClassification",
  table_structure_recognition: "TableStructureRecognition",
};

const INSTALL_NOTE =
  "# Install paddlepaddle (https://www.paddlepaddle.org.cn/en/install), then: pip install paddleocr\n";

/** PaddleOCR 3: document VLMs, the PaddleOCR-VL parsing pipeline, or one module picked by task tag. */
export function paddleocrSnippets(model: ModelData): string[] {
  const name = repoNameOf(model.id);
  if (hasTag(model, "doc_vlm")) {
    return [
      python`${raw(INSTALL_NOTE)}from paddleocr import DocVLM

vlm = DocVLM(model_name=${name})
request = {"image": "page.png", "query": "Parse this image and return its content as Markdown."}
for result in vlm.predict(input=request, batch_size=1):
    result.print()
    result.save_to_json(save_path="output/result.json")`,
    ];
  }
  if (hasTag(model, "document-parse")) {
    const match = /^PaddleOCR-VL-(.+)$/.exec(name);
    const version = match ? `v${match[1]}` : "v1";
    return [
      python`${raw(INSTALL_NOTE)}from paddleocr import PaddleOCRVL

parser = PaddleOCRVL(pipeline_version=${version})
for page in parser.predict("document.png"):
    page.print()
    page.save_to_markdown(save_path="output")`,
    ];
  }
  const tag = model.tags?.find((t) => Object.hasOwn(MODULE_BY_TAG, t));
  if (tag === undefined) {
    return [placeholderSnippet("Task of this PaddleOCR model unknown", "https://www.paddleocr.ai/")];
  }
  const moduleClass = raw(MODULE_BY_TAG[tag]);
  return [
    python`${raw(INSTALL_NOTE)}from paddleocr import ${moduleClass}

module = ${moduleClass}(model_name=${name})
for result in module.predict(input="page.png", batch_size=1):
    result.print()
    result.save_to_img(save_path="output/")
    result.save_to_json(save_path="output/result.json")`,
  ];
}
