export const fillMaskAbout = `## What masked language modelling is
During pre-training, about 15% of the tokens in each sentence are hidden and the model learns to recover them from the words on both sides. That bidirectional view is why encoder models are so good at understanding tasks (classification, entity extraction, retrieval) even though they cannot write long text.

Each model has its own mask token: BERT and ModernBERT use [MASK], RoBERTa and XLM-R use <mask>. Always read it from the tokenizer rather than hard-coding it.

## Where it is used

### Checking what a model knows
Probing prompts such as "Paris is the capital of [MASK]." reveal factual knowledge and biases of an encoder before you fine-tune it.

### Domain adaptation
Continue masked-LM training on your own corpus (clinical notes, legal filings, source code) so the encoder learns its vocabulary; fine-tune on the real task afterwards.

### Data augmentation and autocomplete
Swap words for plausible alternatives to create extra training sentences, or suggest the next word in a form field.

## How to run it

~~~python
from transformers import pipeline

fill = pipeline("fill-mask", model="FacebookAI/roberta-base")
blank = fill.tokenizer.mask_token  # "<mask>" for RoBERTa
sentence = f"After the storm, the village rebuilt the old stone {blank}."
for guess in fill(sentence, top_k=4):
    print(f"{guess['score']:.3f}  {guess['token_str'].strip()}")

# restrict scoring to a few candidate words
print(fill(sentence, targets=[" bridge", " wall", " church"]))
~~~

transformers.js offers the same pipeline:

~~~js
import { pipeline } from "@huggingface/transformers";

const fill = await pipeline("fill-mask", "Xenova/bert-base-uncased");
const guesses = await fill("Bees make [MASK] from nectar.");
console.log(guesses.map((g) => g.token_str));
~~~

## Domain-adaptive pre-training in brief
1. Collect raw, unlabelled text from your domain (even a few hundred MB helps).
2. Tokenise it into fixed-length blocks.
3. Train with a data collator that masks random tokens (mlm_probability around 0.15 to 0.3).
4. Fine-tune the adapted encoder on your labelled task; gains are largest when the domain vocabulary is unusual.

## Resources
- [Masked language modeling guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/masked_language_modeling)
- [BERT paper](https://arxiv.org/abs/1810.04805)
- [ModernBERT announcement](https://huggingface.co/blog/modernbert)
- [Don't Stop Pretraining: domain-adaptive pre-training](https://arxiv.org/abs/2004.10964)
`;
