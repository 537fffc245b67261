"""The official huggingface_hub InferenceClient against ModelHub's gateway (a fake backend behind it).

Environment: HUB (the hub's URL), TOKEN (a hub token), MODEL (a chat model served by backend BACKEND).
Prints one line per check; exits 1 on the first failure.
"""
import os
import sys

from huggingface_hub import InferenceClient

HUB = os.environ["HUB"]
TOKEN = os.environ["TOKEN"]
MODEL = os.environ["MODEL"]
BACKEND = os.environ["BACKEND"]
MESSAGES = [{"role": "user", "content": "Say hello"}]


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + (f": {detail}" if detail and not condition else ""))
    if not condition:
        sys.exit(1)


client = InferenceClient(base_url=f"{HUB}/v1", api_key=TOKEN)
answer = client.chat.completions.create(model=MODEL, messages=MESSAGES)
check("chat through base_url=<hub>/v1", answer.choices[0].message.content == "Hello from tiny", repr(answer))

text = "".join(
    chunk.choices[0].delta.content or ""
    for chunk in client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)
    if chunk.choices
)
check("streamed chat through base_url=<hub>/v1", text == "Hello from tiny", repr(text))

pinned = InferenceClient(base_url=f"{HUB}/{BACKEND}/v1", api_key=TOKEN)
answer = pinned.chat_completion(MESSAGES, model=MODEL, max_tokens=16)
check("chat through the per-backend address", answer.choices[0].message.content == "Hello from tiny", repr(answer))

per_model = InferenceClient(base_url=f"{HUB}/hf-inference/models/{MODEL}", api_key=TOKEN)
generated = per_model.text_generation("Once upon a time", max_new_tokens=8)
check("text_generation through the per-model address", generated == "Hello from tiny", repr(generated))

try:
    InferenceClient(base_url=f"{HUB}/v1", api_key="hf_not_a_token").chat.completions.create(
        model=MODEL, messages=MESSAGES
    )
    check("a bad token is refused", False, "no error raised")
except Exception as error:  # the client's HTTP error type differs between versions
    check("a bad token is refused", "401" in str(error), str(error))
