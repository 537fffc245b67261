export const sentenceSimilarityAbout = `## Where it is used

### FAQ matching and semantic search
Map a user's question to the closest existing answer even when they share no keywords ("can't log in" versus "password reset").

### Duplicate and paraphrase detection
Merge duplicate bug reports, forum questions or product listings by flagging pairs above a similarity threshold.

### Clustering and exploration
Embed thousands of comments, then cluster them to discover the main themes without predefined labels.

### Evaluating generated text
Compare a model's answer with a reference answer by meaning rather than exact wording.

## Bi-encoders and cross-encoders
- A **bi-encoder** embeds each sentence independently. Embeddings can be pre-computed and indexed, so comparing a query with millions of documents is cheap.
- A **cross-encoder** reads both sentences together and outputs one score. It is more accurate but must run once per pair, so it is used to re-rank a short list (see the text-ranking task).

## How to run it

~~~python
from sentence_transformers import SentenceTransformer

model = SentenceTransformer("sentence-transformers/all-MiniLM-L6-v2")
question = "Is the museum open on public holidays?"
faq = [
    "Opening hours on bank holidays",
    "How to buy a family ticket",
    "Wheelchair access at the main entrance",
]
scores = model.similarity(model.encode([question]), model.encode(faq))[0]
for entry, score in sorted(zip(faq, scores.tolist()), key=lambda pair: -pair[1]):
    print(f"{score:.2f}  {entry}")
~~~

For large collections, use the built-in semantic search helper (or a vector database):

~~~python
from sentence_transformers import util

corpus_vectors = model.encode(faq, convert_to_tensor=True)
best = util.semantic_search(model.encode(question, convert_to_tensor=True), corpus_vectors, top_k=2)
print(best[0])
~~~

In JavaScript:

~~~js
import { pipeline, cos_sim } from "@huggingface/transformers";

const embed = await pipeline("feature-extraction", "Xenova/all-MiniLM-L6-v2");
const vecs = await embed(["a cat on the sofa", "a kitten resting on a couch"], { pooling: "mean", normalize: true });
const [a, b] = vecs.tolist();
console.log(cos_sim(a, b).toFixed(3));
~~~

## Fine-tuning for your domain
With a few thousand pairs (question and matching answer), train with a contrastive loss such as MultipleNegativesRankingLoss; in-batch examples act as negatives. Even small in-domain datasets usually beat a larger general model.

## Pitfalls
- Cosine scores are relative: 0.6 may be a strong match for one model and a weak one for another. Pick thresholds on labelled data.
- Most models truncate long inputs (often at 256 or 512 tokens); split documents into passages.
- Negation is hard: "the flight was delayed" and "the flight was not delayed" can still score high.

## Resources
- [Sentence Transformers documentation](https://sbert.net/)
- [Sentence-BERT paper](https://arxiv.org/abs/1908.10084)
- [Training and fine-tuning embedding models](https://huggingface.co/blog/train-sentence-transformers)
- [MTEB leaderboard](https://huggingface.co/spaces/mteb/leaderboard)
`;
