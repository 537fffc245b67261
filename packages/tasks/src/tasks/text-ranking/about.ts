export const textRankingAbout = `## Where it sits in a search pipeline
1. **Retrieve**: a cheap first stage (BM25 keyword search, an embedding index, or both) returns the top 50 to 200 candidates out of millions.
2. **Rerank**: a cross-encoder scores each (query, passage) pair and reorders the list.
3. **Use**: show the top results to a user, or pass the best few passages to a language model (retrieval-augmented generation).

Reranking usually gives the largest quality jump per line of code in a retrieval system, because the cross-encoder sees query and passage together and can weigh exact details that a single embedding blurs.

## Where it is used
- **Site and product search**: reorder catalogue hits so the item that actually matches the query comes first.
- **RAG**: choose which retrieved chunks go into a limited context window.
- **Deduplicating answers and recommendation**: rank candidate replies, articles or tickets by relevance to the current one.

## How to run it

Sentence Transformers wraps rerankers in a CrossEncoder class:

~~~python
from sentence_transformers import CrossEncoder

reranker = CrossEncoder("cross-encoder/ms-marco-MiniLM-L-6-v2")
query = "how long should I boil an egg for a runny yolk"
candidates = [
    "Soft-boiled eggs need about six minutes in boiling water.",
    "Eggs are a good source of protein and vitamin B12.",
    "For hard-boiled eggs, cook for ten to twelve minutes.",
]
for hit in reranker.rank(query, candidates, return_documents=True, top_k=2):
    print(f"{hit['score']:.2f}  {hit['text']}")
~~~

With plain transformers, a reranker is a sequence-classification model over text pairs:

~~~python
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer

name = "BAAI/bge-reranker-v2-m3"
tok = AutoTokenizer.from_pretrained(name)
scorer = AutoModelForSequenceClassification.from_pretrained(name).eval()
pairs = [[query, passage] for passage in candidates]
with torch.no_grad():
    batch = tok(pairs, padding=True, truncation=True, max_length=512, return_tensors="pt")
    relevance = scorer(**batch).logits.view(-1).sigmoid()
print(relevance.tolist())
~~~

## Practical tips
- Rerank only the top candidates: cost grows linearly with the list length.
- Keep passages short (a few hundred tokens); long ones are truncated.
- Combine scores from keyword and embedding retrieval (reciprocal rank fusion) before reranking for robust recall.
- Evaluate with nDCG@10 or MRR@10 on a few hundred real queries from your own logs.

## Resources
- [Cross-encoder usage in Sentence Transformers](https://sbert.net/docs/cross_encoder/usage/usage.html)
- [Training reranker models](https://huggingface.co/blog/train-reranker)
- [MS MARCO passage ranking](https://microsoft.github.io/msmarco/)
- [BEIR: a heterogeneous benchmark for zero-shot retrieval](https://arxiv.org/abs/2104.08663)
`;
