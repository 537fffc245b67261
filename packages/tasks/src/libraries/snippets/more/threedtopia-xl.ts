import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** 3DTopia-XL: a PBR-ready 3D asset from a conditioning image. */
export function threedtopiaXlSnippets(model: ModelData): string[] {
  return [
    python`from threedtopia_xl.models import threedtopia_xl

generator = threedtopia_xl.from_pretrained(${model.id})
asset = generator.generate(cond="object.png")`,
  ];
}
