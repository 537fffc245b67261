/** Long-form task page text (markdown). */
export const about = `## What it is good for

Document question answering (DocVQA) answers questions about scanned or photographed documents: invoices, receipts, forms, contracts, reports. Unlike plain-text QA, the model must use the **layout**: a number next to "Total" means something different from the same number next to "Tax".

Two families exist. **OCR + layout** models (LayoutLM and relatives) read words and their coordinates from an OCR engine and extract the answer span. **OCR-free** models (Donut, Pix2Struct, modern VLMs) read pixels directly and generate the answer.

### Typical uses

- **Accounts payable**: pull invoice number, due date and total from supplier PDFs.
- **Form processing**: insurance claims, applications, customs declarations.
- **Search over archives**: ask questions of scanned records without manual transcription.
- **Contract review**: locate parties, dates and amounts.

## Running a model

\`\`\`python
from transformers import pipeline

docqa = pipeline("document-question-answering", model="impira/layoutlm-document-qa")
result = docqa(image="invoice.png", question="What is the total amount due?")
print(result[0]["answer"], round(result[0]["score"], 3))
\`\`\`

LayoutLM checkpoints need an OCR engine (the pipeline calls Tesseract through \`pytesseract\` when you pass only an image). OCR-free models skip that step:

\`\`\`python
donut = pipeline("document-question-answering", model="naver-clova-ix/donut-base-finetuned-docvqa")
print(donut(image="invoice.png", question="What is the invoice date?")[0]["answer"])
\`\`\`

## Tips

- Scan quality matters: deskew, crop and use at least 150 dpi.
- For multi-page PDFs, retrieve the right page first (see visual document retrieval), then ask.
- Validate extracted amounts and dates with simple rules before they reach a database.

## Evaluating

DocVQA uses ANLS (average normalised Levenshtein similarity), which gives partial credit for near-miss strings such as OCR typos; exact match is reported as a stricter companion.

## Further reading

- [LayoutLM paper](https://arxiv.org/abs/1912.13318)
- [Donut: OCR-free document understanding](https://arxiv.org/abs/2111.15664)
- [Transformers task guide: document question answering](https://huggingface.co/docs/transformers/tasks/document_question_answering)
`;
