import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { idMentions } from "./common.js";

/** ColPali family member and its processor, recognised from the repository name. */
function retrieverClasses(model: ModelData): [string, string] {
  if (idMentions(model, "colqwen2.5") || idMentions(model, "colqwen2_5"))
    return ["ColQwen2_5", "ColQwen2_5_Processor"];
  if (idMentions(model, "colqwen2")) return ["ColQwen2", "ColQwen2Processor"];
  if (idMentions(model, "colsmol") || idMentions(model, "colidefics3"))
    return ["ColIdefics3", "ColIdefics3Processor"];
  return ["ColPali", "ColPaliProcessor"];
}

/** ColPali: late-interaction retrieval of document page images for text queries. */
export function colpaliSnippets(model: ModelData): string[] {
  const [modelClass, processorClass] = retrieverClasses(model).map(raw);
  return [
    python`# pip install colpali-engine
import torch
from PIL import Image
from colpali_engine.models import ${modelClass}, ${processorClass}

retriever = ${modelClass}.from_pretrained(${model.id}, torch_dtype=torch.bfloat16, device_map="cuda:0").eval()
processor = ${processorClass}.from_pretrained(${model.id})

pages = [Image.open("page_1.png"), Image.open("page_2.png")]
queries = ["What is the revenue for 2024?", "Who signed the agreement?"]

with torch.no_grad():
    page_embeddings = retriever(**processor.process_images(pages).to(retriever.device))
    query_embeddings = retriever(**processor.process_queries(queries).to(retriever.device))

print(processor.score_multi_vector(query_embeddings, page_embeddings))`,
  ];
}
