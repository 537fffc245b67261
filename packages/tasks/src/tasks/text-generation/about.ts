export const textGenerationAbout = `## Kinds of generative language models
- **Base (pre-trained) models** learned to predict the next token on large text corpora. Give them the beginning of a document and they continue it; they do not follow instructions reliably.
- **Instruction / chat models** were further trained on demonstrations and preference data. They expect a list of messages (system, user, assistant) rendered with the model's chat template.
- **Reasoning models** emit a chain of thought before the final answer, trading latency for accuracy on maths, code and planning.

## Where it is used
- **Assistants and chatbots** for customer support, internal knowledge and tutoring.
- **Writing help**: drafting, rewriting for tone, shortening, translating.
- **Code**: completion in the editor, explaining or refactoring snippets, generating tests.
- **Structured extraction**: asking for JSON that matches a schema, then validating it.
- **Agents**: models that decide which tool or API to call next and read the result.

## How to run it

Chat-style generation with transformers (the pipeline applies the chat template for you):

~~~python
from transformers import pipeline

assistant = pipeline("text-generation", model="HuggingFaceTB/SmolLM3-3B", device_map="auto")
conversation = [
    {"role": "system", "content": "You answer in at most three short bullet points."},
    {"role": "user", "content": "What should I check before renting a flat?"},
]
reply = assistant(conversation, max_new_tokens=160, do_sample=True, temperature=0.6)
print(reply[0]["generated_text"][-1]["content"])
~~~

Plain continuation with a base model:

~~~python
from transformers import pipeline

storyteller = pipeline("text-generation", model="openai-community/gpt2")
opening = "The lighthouse keeper found a letter wedged under the door. It read:"
print(storyteller(opening, max_new_tokens=40, do_sample=True, top_p=0.9)[0]["generated_text"])
~~~

Small models also run in the browser with transformers.js:

~~~js
import { pipeline } from "@huggingface/transformers";

const chat = await pipeline("text-generation", "HuggingFaceTB/SmolLM2-360M-Instruct");
const messages = [{ role: "user", content: "Give me a haiku about autumn trains." }];
const [result] = await chat(messages, { max_new_tokens: 60 });
console.log(result.generated_text.at(-1).content);
~~~

## Decoding settings that matter
- temperature: lower values give focused, repeatable text; higher values add variety.
- top_p / top_k: restrict sampling to the most likely tokens.
- max_new_tokens: caps cost and latency; always set it.
- repetition_penalty: discourages loops in small models.
- Greedy decoding (do_sample=False) is best for extraction and classification-style prompts.

## Running efficiently
Quantised weights (GGUF for llama.cpp, 4-bit or 8-bit with bitsandbytes, MLX on Apple silicon) shrink memory needs several-fold. For serving many users, dedicated servers with continuous batching and paged attention deliver far higher throughput than a plain Python loop.

## Adapting a model
- **Prompting and few-shot examples**: no training at all.
- **Retrieval-augmented generation**: inject relevant documents into the prompt.
- **Parameter-efficient fine-tuning (LoRA via PEFT)**: train a few million extra parameters on your own instructions.
- **Preference tuning (DPO and similar)**: align tone and choices with pairs of preferred and rejected answers.

## Resources
- [Text generation strategies in the transformers docs](https://huggingface.co/docs/transformers/generation_strategies)
- [Chat templates explained](https://huggingface.co/docs/transformers/chat_templating)
- [PEFT documentation](https://huggingface.co/docs/peft)
- [llama.cpp](https://github.com/ggml-org/llama.cpp)
- [The Illustrated GPT-2](https://jalammar.github.io/illustrated-gpt2/)
`;
