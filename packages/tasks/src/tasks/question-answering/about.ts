export const questionAnsweringAbout = `## Flavours of question answering
- **Extractive QA** (this pipeline): the answer is a span copied from the context you pass in. No hallucinated text, and the character offsets show exactly where it came from.
- **Open-book generative QA**: a text-generation model writes an answer using retrieved passages (retrieval-augmented generation).
- **Closed-book QA**: a large language model answers from what it memorised during training, with no context at all.

## Where it is used

### Searching long documents
Manuals, policies and contracts: retrieve the few most relevant paragraphs with an embedding model, then let an extractive reader point at the exact sentence.

### Form and record filling
Pull a single fact ("invoice date", "policy number") out of semi-structured text by asking the same question of every document.

### Verifiable answers in regulated settings
Because the answer is a quotation, reviewers can check it against the source, which matters in legal, medical and financial workflows.

## How to run it

~~~python
from transformers import pipeline

reader = pipeline("question-answering", model="deepset/roberta-base-squad2")
handbook = (
    "Employees may carry over up to five unused vacation days into the next year. "
    "Carried-over days expire on 31 March."
)
hit = reader(question="When do carried-over days expire?", context=handbook)
print(hit["answer"], f"(score {hit['score']:.2f}, chars {hit['start']}-{hit['end']})")

# SQuAD 2.0 models can decline when the passage has no answer
maybe = reader(question="Who approves remote work?", context=handbook, handle_impossible_answer=True)
print(repr(maybe["answer"]))  # an empty string means "not in the text"
~~~

With transformers.js the same reader runs client-side:

~~~js
import { pipeline } from "@huggingface/transformers";

const reader = await pipeline("question-answering", "Xenova/distilbert-base-cased-distilled-squad");
const out = await reader("What colour is the emergency exit sign?", "Every exit is marked with a green sign.");
console.log(out.answer);
~~~

## Long contexts
Encoders read at most a few hundred tokens at a time. The pipeline slides a window over longer contexts (doc_stride controls the overlap) and keeps the best-scoring span. For whole books or knowledge bases, add a retrieval step first.

## Fine-tuning
Start from a checkpoint already tuned on SQuAD and continue on a few hundred in-domain question/answer pairs; labels are character start positions of the answer in the context. Keep some unanswerable questions so the model learns to abstain.

## Resources
- [Question answering guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/question_answering)
- [SQuAD explorer and leaderboard](https://rajpurkar.github.io/SQuAD-explorer/)
- [Haystack, a framework for retriever-reader pipelines](https://haystack.deepset.ai/)
- [Natural Questions dataset paper](https://research.google/pubs/natural-questions-a-benchmark-for-question-answering-research/)
`;
