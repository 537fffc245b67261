export const tokenClassificationAbout = `## Where it is used

### Named entity recognition (NER)
Pull people, companies, places, dates, amounts or product codes out of free text. Typical consumers are search indexes, CRM enrichment, contract review and knowledge-graph construction.

### Redacting personal data
Detect names, e-mail addresses, phone numbers and IDs so they can be masked before documents are shared or used for training.

### Part-of-speech tagging and chunking
Tag each word as noun, verb, adjective and so on. Grammar checkers, lemmatisers and classic parsing pipelines build on these tags.

## How the labels are encoded
Most models predict one tag per sub-word token using the BIO scheme: B-ORG starts an organisation, I-ORG continues it and O means "outside any entity". An aggregation step turns those token tags back into word spans with character offsets. When you train, make sure only the first sub-token of each word carries the label (or that you handle the rest consistently).

## How to run it

~~~python
from transformers import pipeline

tagger = pipeline(
    "token-classification",
    model="dslim/bert-base-NER",
    aggregation_strategy="simple",  # merge B-/I- pieces into whole entities
)
memo = "Priya from Contoso will meet the Nairobi team on Friday."
for span in tagger(memo):
    print(span["entity_group"], repr(memo[span["start"]:span["end"]]), round(span["score"], 3))
~~~

If the entity types you need are not in any training set, an open-vocabulary extractor such as GLiNER takes the label names as input:

~~~python
from gliner import GLiNER

extractor = GLiNER.from_pretrained("urchade/gliner_multi-v2.1")
found = extractor.predict_entities(
    "Refund order 88-1204 to the Visa card ending 4421.",
    labels=["order number", "payment method"],
    threshold=0.4,
)
print([(hit["text"], hit["label"]) for hit in found])
~~~

## Choosing an approach
- **Fixed, well-known types** (PER/ORG/LOC): a fine-tuned encoder is small, fast and accurate.
- **Many fine-grained types**: span-based models like SpanMarker handle overlapping and long entities better than BIO tagging.
- **Types that change per request**: GLiNER-style models or an instruction-tuned LLM with structured output.
- **Linguistic annotation** (POS, lemmas, dependencies): spaCy and Stanza ship complete pipelines for dozens of languages.

## Evaluating
Score at the entity level, not the token level: a name split in half is a miss even if most of its tokens are right. The seqeval package implements the standard CoNLL scoring.

## Resources
- [Token classification guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/token_classification)
- [GLiNER repository](https://github.com/urchade/GLiNER)
- [SpanMarker documentation](https://tomaarsen.github.io/SpanMarkerNER/)
- [seqeval metrics](https://github.com/chakki-works/seqeval)
`;
