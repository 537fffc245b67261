export const zeroShotClassificationAbout = `## Where it is used

### Prototyping a taxonomy
Before paying for annotation, try a set of category names on a few hundred real examples and see which labels are confusable or missing.

### Labels that change often
Campaign tags, trending topics or a customer's own folder names can be passed in per request; nothing has to be retrained.

### Bootstrapping training data
Use zero-shot predictions with high confidence as weak labels, review a sample, then train a small supervised classifier that is faster and cheaper to serve.

## How it works
A natural language inference (NLI) model is given the input as the premise and each label inserted into a template as the hypothesis, for example "This example is about {label}." The entailment probability becomes the label's score.
- **Single-label mode** normalises the scores across labels so they sum to one.
- **Multi-label mode** scores each label independently (entailment versus contradiction), so several can be high at once.

Because the model runs once per label, cost grows with the number of candidates. Newer designs (GLiClass, embedding similarity, or an instruction-tuned LLM asked to pick from a list) score all labels together.

## How to run it

~~~python
from transformers import pipeline

router = pipeline("zero-shot-classification", model="MoritzLaurer/deberta-v3-large-zeroshot-v2.0")
ticket = "I was charged for two seats but only one passenger is on the booking."
labels = ["refund request", "seat selection", "baggage", "payment error"]

ranked = router(ticket, candidate_labels=labels, hypothesis_template="The customer is writing about {}.")
for label, score in zip(ranked["labels"], ranked["scores"]):
    print(f"{score:.2f}  {label}")

# allow several labels to be true at once
multi = router(ticket, candidate_labels=labels, multi_label=True)
print([lab for lab, s in zip(multi["labels"], multi["scores"]) if s > 0.5])
~~~

In JavaScript:

~~~js
import { pipeline } from "@huggingface/transformers";

const router = await pipeline("zero-shot-classification", "Xenova/bart-large-mnli");
const res = await router("Our flight was moved to 6 am without notice.", ["schedule change", "food", "lost luggage"]);
console.log(res.labels[0], res.scores[0]);
~~~

## Tips for better labels
- Phrase labels the way a person would describe the text ("complaint about delivery" beats "DELIVERY_NEG").
- Tune the hypothesis template to your domain; it can move accuracy by several points.
- Calibrate a threshold on a small labelled sample before trusting multi-label output.

## Resources
- [Zero-shot classification guide in the transformers docs](https://huggingface.co/docs/transformers/main_classes/pipelines#transformers.ZeroShotClassificationPipeline)
- [Yin et al., benchmarking zero-shot text classification (NLI formulation)](https://arxiv.org/abs/1909.00161)
- [Building efficient universal classifiers with NLI (Laurer et al.)](https://arxiv.org/abs/2312.17543)
- [GLiClass repository](https://github.com/Knowledgator/GLiClass)
`;
