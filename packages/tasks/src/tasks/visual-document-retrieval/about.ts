/** Long-form task page text (markdown). */
export const about = `## What it is good for

Visual document retrieval finds the pages, slides or screenshots that best answer a text query, working directly from page *images*. Instead of running OCR, chunking text and embedding it, a vision-language retriever embeds each page picture, so tables, charts, logos and layout all contribute to the match.

Late-interaction models in the ColPali family produce one vector per image patch and per query token and score a page by summing the best patch match for each query token.

### Typical uses

- **Retrieval-augmented generation over PDFs** with many charts and tables.
- **Enterprise search** across slide decks, scanned reports and manuals.
- **Compliance and legal discovery** in large document dumps.
- **First stage for document QA**: retrieve the right page, then ask a VLM about it.

## Running a model

\`\`\`python
import torch
from PIL import Image
from transformers import ColPaliForRetrieval, ColPaliProcessor

repo = "vidore/colpali-v1.3-hf"
processor = ColPaliProcessor.from_pretrained(repo)
model = ColPaliForRetrieval.from_pretrained(repo, torch_dtype=torch.bfloat16).eval()

pages = [Image.open(f"report-page-{n}.png") for n in range(1, 4)]
queries = ["Which quarter had the highest revenue?"]

with torch.no_grad():
    page_embeddings = model(**processor(images=pages)).embeddings
    query_embeddings = model(**processor(text=queries)).embeddings

scores = processor.score_retrieval(query_embeddings, page_embeddings)
print(scores)   # one row per query, one column per page
\`\`\`

The \`colpali-engine\` package offers the same models plus training utilities.

## Tips

- Page embeddings are multi-vector and larger than single-vector text embeddings; plan index storage accordingly or use token pooling.
- Render PDFs at a consistent resolution before indexing.
- Combine with a text retriever when documents are mostly plain prose.

## Evaluating

The ViDoRe benchmark reports nDCG@5 over query–page pairs from domains such as finance, healthcare and government documents; recall@k and MRR are also common.

## Further reading

- [ColPali paper](https://arxiv.org/abs/2407.01449)
- [Transformers ColPali documentation](https://huggingface.co/docs/transformers/model_doc/colpali)
- [colpali-engine repository](https://github.com/illuin-tech/colpali)
`;
