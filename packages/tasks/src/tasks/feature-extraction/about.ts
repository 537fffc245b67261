export const featureExtractionAbout = `## What you get back
A feature-extraction model returns one vector per token (the encoder's hidden states). Most applications then **pool** those into a single vector per text, usually by averaging the token vectors or taking the first ([CLS]) token, and **normalise** it to unit length so cosine similarity becomes a dot product.

Models trained specifically as embedding models (sentence-transformers, E5, BGE, GTE, Nomic, Qwen3-Embedding) already include the right pooling and give far better similarity scores than a raw pre-trained encoder.

## Where it is used

### Semantic search and RAG
Embed documents once, store the vectors in a vector index, embed each query and return the nearest documents. This is the retrieval half of retrieval-augmented generation.

### Clustering and topic discovery
Group support tickets, survey answers or news by meaning rather than shared keywords.

### Deduplication
Near-duplicate texts have almost identical embeddings, which makes cleaning large corpora cheap.

### Features for classical models
Feed embeddings into logistic regression, gradient boosting or a small MLP when you have little labelled data.

## How to run it

Raw hidden states with the transformers pipeline, pooled by hand:

~~~python
import numpy as np
from transformers import pipeline

encoder = pipeline("feature-extraction", model="google-bert/bert-base-uncased")
token_vectors = np.array(encoder("Lighthouses guide ships at night.")[0])  # (tokens, 768)
sentence_vector = token_vectors.mean(axis=0)
sentence_vector /= np.linalg.norm(sentence_vector)
print(sentence_vector.shape)
~~~

A purpose-built embedding model with Sentence Transformers:

~~~python
from sentence_transformers import SentenceTransformer

embedder = SentenceTransformer("BAAI/bge-m3")
shelf = ["How to repot a cactus", "Best soil for succulents", "Fixing a leaking tap"]
vectors = embedder.encode(shelf, normalize_embeddings=True)
query = embedder.encode("my cactus needs a bigger pot", normalize_embeddings=True)
print(shelf[int((vectors @ query).argmax())])
~~~

In the browser with transformers.js:

~~~js
import { pipeline } from "@huggingface/transformers";

const embed = await pipeline("feature-extraction", "Xenova/all-MiniLM-L6-v2");
const tensor = await embed(["Tea is a hot drink."], { pooling: "mean", normalize: true });
console.log(tensor.dims); // [1, 384]
~~~

## Choosing and storing embeddings
- Check the MTEB leaderboard for the task type you care about (retrieval, clustering, classification) and your languages.
- Smaller dimensions and int8 or binary quantisation cut storage by 4 to 32 times with little loss; Matryoshka-trained models let you truncate vectors.
- Some models expect prefixes or instructions ("query: ", "passage: "); skipping them silently hurts quality.
- Static embedding models (model2vec) trade some accuracy for CPU speeds hundreds of times faster.

## Resources
- [Sentence Transformers documentation](https://sbert.net/)
- [MTEB paper: Massive Text Embedding Benchmark](https://arxiv.org/abs/2210.07316)
- [Embedding quantization explained](https://huggingface.co/blog/embedding-quantization)
- [Matryoshka representation learning](https://arxiv.org/abs/2205.13147)
`;
