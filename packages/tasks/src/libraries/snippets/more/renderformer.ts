import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** RenderFormer: neural rendering of triangle scenes. */
export function renderformerSnippets(model: ModelData): string[] {
  return [
    python`# Code from https://github.com/microsoft/renderformer
from renderformer import RenderFormerRenderingPipeline

renderer = RenderFormerRenderingPipeline.from_pretrained(${model.id})`,
  ];
}
