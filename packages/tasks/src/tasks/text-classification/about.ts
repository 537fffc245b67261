export const textClassificationAbout = `## Where it is used

### Routing and triage
Support desks tag incoming tickets ("billing", "bug report", "cancellation") so that each one lands in the right queue without a person reading it first.

### Sentiment and opinion tracking
Brands score reviews, survey answers and social posts to watch how opinion moves after a release or a price change.

### Moderation and safety
Classifiers flag spam, abuse or prompt-injection attempts before the text reaches a public page or a language model.

### Sentence-pair inference
Given a premise and a hypothesis, a natural language inference model says whether the first entails, contradicts or is neutral toward the second. It is also the engine behind zero-shot classification.

## Single label or many?
- **Multi-class**: exactly one label per text (softmax over the classes).
- **Multi-label**: any number of labels may apply (an independent sigmoid per class), for example a news story that is both "politics" and "economy".

Check the model card: the same architecture can be trained either way and the scores mean different things.

## How to run it

With the transformers pipeline you get a label and a confidence per input:

~~~python
from transformers import pipeline

sentiment = pipeline("text-classification", model="cardiffnlp/twitter-roberta-base-sentiment-latest")
reviews = [
    "Checkout took three tries and then charged me twice.",
    "Delivery was early and the packaging was recyclable!",
]
for review, verdict in zip(reviews, sentiment(reviews)):
    print(f"{verdict['label']:>8}  {verdict['score']:.2f}  {review}")
~~~

Pass top_k=None to see the score of every class rather than only the winner.

In the browser or in Node, transformers.js runs the same kind of model locally:

~~~js
import { pipeline } from "@huggingface/transformers";

const judge = await pipeline("text-classification", "Xenova/distilbert-base-uncased-finetuned-sst-2-english");
const [verdict] = await judge("The sequel is slower but the ending pays off.");
console.log(verdict.label, verdict.score.toFixed(3));
~~~

## Training your own
- With a few thousand labelled rows, fine-tune a small encoder (DistilBERT, ModernBERT, XLM-R for many languages) with a sequence-classification head.
- With only a handful of examples per class, SetFit trains a sentence-transformer contrastively and then fits a light head; it often reaches good accuracy with 8 to 16 examples per label.
- fastText remains a strong baseline when latency or memory is the main constraint.

## Pitfalls
- Class imbalance hides behind accuracy; report macro F1 as well.
- Scores are not calibrated probabilities unless you calibrate them on held-out data.
- Domain shift hurts: a model tuned on movie reviews will misread medical notes.

## Resources
- [Sequence classification guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/sequence_classification)
- [SetFit documentation](https://huggingface.co/docs/setfit)
- [The GLUE benchmark](https://gluebenchmark.com/)
- [fastText text classification tutorial](https://fasttext.cc/docs/en/supervised-tutorial.html)
`;
