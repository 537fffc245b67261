export const translationAbout = `## Where it is used

### Localising products
Interface strings, help-centre articles and release notes are machine-translated first, then post-edited by linguists, which cuts turnaround from weeks to days.

### Cross-language search and support
Translate incoming tickets or reviews into the team's working language, answer, and translate the reply back.

### Low-resource languages
Multilingual models trained on hundreds of languages give communities access to content that would never be translated by hand.

## Picking a model
| Situation | Good fit |
| --- | --- |
| One fixed pair, high volume, CPU only | a Marian (opus-mt) model for that pair |
| Many pairs or rare languages | NLLB-200 or M2M-100 |
| Document-level context, style control, glossaries | an instruction-tuned LLM with a careful prompt |
| Speech in, speech or text out | SeamlessM4T |

## How to run it

A dedicated pair model needs nothing but the text:

~~~python
from transformers import pipeline

to_german = pipeline("translation", model="Helsinki-NLP/opus-mt-en-de")
lines = ["The meeting moved to Thursday.", "Bring the signed forms to reception."]
for src, out in zip(lines, to_german(lines, max_length=128)):
    print(src, "=>", out["translation_text"])
~~~

Multilingual models need language codes (NLLB uses FLORES-style codes such as swh_Latn for Swahili):

~~~python
from transformers import pipeline

nllb = pipeline(
    "translation",
    model="facebook/nllb-200-distilled-600M",
    src_lang="eng_Latn",
    tgt_lang="swh_Latn",
)
print(nllb("Clinics open at eight in the morning.")[0]["translation_text"])
~~~

And in the browser:

~~~js
import { pipeline } from "@huggingface/transformers";

const translate = await pipeline("translation", "Xenova/nllb-200-distilled-600M");
const [res] = await translate("Where is the train station?", { src_lang: "eng_Latn", tgt_lang: "por_Latn" });
console.log(res.translation_text);
~~~

## Quality checks
- Automatic metrics need references; chrF and COMET correlate better with human judgement than BLEU.
- Watch for dropped negations, wrong numbers and untranslated named entities; a simple number/entity diff between source and output catches many errors.
- Keep markup intact: protect placeholders like {name} or HTML tags before translating.

## Resources
- [Translation guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/translation)
- [No Language Left Behind paper](https://arxiv.org/abs/2207.04672)
- [OPUS-MT project](https://github.com/Helsinki-NLP/Opus-MT)
- [sacreBLEU, reproducible BLEU and chrF scores](https://github.com/mjpost/sacrebleu)
- [COMET evaluation framework](https://github.com/Unbabel/COMET)
`;
