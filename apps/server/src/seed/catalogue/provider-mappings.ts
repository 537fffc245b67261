import type { DemoProviderMapping } from "./types.js";

/**
 * Which inference providers serve which catalogue models, one line each:
 * `model id | provider | provider's model id | task [| staging] [| lora]`.
 * A `lora` line serves a LoRA adapter from its `pytorch_lora_weights.safetensors`.
 */
const LINES = `
meta-llama/Llama-3.1-8B-Instruct | together | meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo | conversational
meta-llama/Llama-3.1-8B-Instruct | fireworks-ai | accounts/fireworks/models/llama-v3p1-8b-instruct | conversational
meta-llama/Llama-3.1-8B-Instruct | groq | llama-3.1-8b-instant | conversational
meta-llama/Llama-3.1-8B-Instruct | cerebras | llama3.1-8b | conversational
meta-llama/Llama-3.1-8B-Instruct | novita | meta-llama/llama-3.1-8b-instruct | conversational
meta-llama/Llama-3.1-8B-Instruct | nscale | meta-llama/Llama-3.1-8B-Instruct | conversational
meta-llama/Llama-3.1-8B-Instruct | scaleway | llama-3.1-8b-instruct | conversational
meta-llama/Llama-3.1-8B-Instruct | featherless-ai | meta-llama/Meta-Llama-3.1-8B-Instruct | conversational
meta-llama/Llama-3.1-8B-Instruct | hf-inference | meta-llama/Llama-3.1-8B-Instruct | conversational
meta-llama/Llama-3.1-70B-Instruct | together | meta-llama/Meta-Llama-3.1-70B-Instruct-Turbo | conversational
meta-llama/Llama-3.1-70B-Instruct | deepinfra | meta-llama/Meta-Llama-3.1-70B-Instruct | conversational
meta-llama/Llama-3.3-70B-Instruct | together | meta-llama/Llama-3.3-70B-Instruct-Turbo | conversational
meta-llama/Llama-3.3-70B-Instruct | groq | llama-3.3-70b-versatile | conversational
meta-llama/Llama-3.3-70B-Instruct | cerebras | llama-3.3-70b | conversational
meta-llama/Llama-3.3-70B-Instruct | fireworks-ai | accounts/fireworks/models/llama-v3p3-70b-instruct | conversational
meta-llama/Llama-3.3-70B-Instruct | novita | meta-llama/llama-3.3-70b-instruct | conversational
meta-llama/Llama-3.3-70B-Instruct | ovhcloud | Meta-Llama-3_3-70B-Instruct | conversational
meta-llama/Llama-3.3-70B-Instruct | scaleway | llama-3.3-70b-instruct | conversational
meta-llama/Llama-3.2-3B-Instruct | together | meta-llama/Llama-3.2-3B-Instruct-Turbo | conversational
meta-llama/Llama-3.2-1B-Instruct | novita | meta-llama/llama-3.2-1b-instruct | conversational
meta-llama/Llama-4-Scout-17B-16E-Instruct | groq | meta-llama/llama-4-scout-17b-16e-instruct | conversational
meta-llama/Llama-4-Scout-17B-16E-Instruct | together | meta-llama/Llama-4-Scout-17B-16E-Instruct | conversational
meta-llama/Llama-4-Scout-17B-16E-Instruct | cerebras | llama-4-scout-17b-16e-instruct | conversational
Qwen/Qwen2.5-7B-Instruct | together | Qwen/Qwen2.5-7B-Instruct-Turbo | conversational
Qwen/Qwen2.5-7B-Instruct | featherless-ai | Qwen/Qwen2.5-7B-Instruct | conversational
Qwen/Qwen2.5-7B-Instruct | novita | qwen/qwen2.5-7b-instruct | conversational
Qwen/Qwen2.5-7B-Instruct | hf-inference | Qwen/Qwen2.5-7B-Instruct | conversational
Qwen/Qwen2.5-72B-Instruct | together | Qwen/Qwen2.5-72B-Instruct-Turbo | conversational
Qwen/Qwen2.5-72B-Instruct | deepinfra | Qwen/Qwen2.5-72B-Instruct | conversational
Qwen/Qwen2.5-Coder-32B-Instruct | together | Qwen/Qwen2.5-Coder-32B-Instruct | conversational
Qwen/Qwen2.5-Coder-32B-Instruct | scaleway | qwen2.5-coder-32b-instruct | conversational
Qwen/Qwen3-8B | novita | qwen/qwen3-8b-fp8 | conversational
Qwen/Qwen3-32B | groq | qwen/qwen3-32b | conversational
Qwen/Qwen3-32B | cerebras | qwen-3-32b | conversational
Qwen/Qwen3-32B | nscale | Qwen/Qwen3-32B | conversational
Qwen/Qwen3-235B-A22B | together | Qwen/Qwen3-235B-A22B-fp8-tput | conversational
Qwen/Qwen3-235B-A22B | fireworks-ai | accounts/fireworks/models/qwen3-235b-a22b | conversational
Qwen/Qwen3-Coder-480B-A35B-Instruct | together | Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8 | conversational | staging
Qwen/QwQ-32B | nscale | Qwen/QwQ-32B | conversational
Qwen/Qwen2.5-VL-7B-Instruct | hf-inference | Qwen/Qwen2.5-VL-7B-Instruct | conversational
Qwen/Qwen2.5-VL-72B-Instruct | ovhcloud | Qwen2.5-VL-72B-Instruct | conversational
mistralai/Mistral-7B-Instruct-v0.3 | together | mistralai/Mistral-7B-Instruct-v0.3 | conversational
mistralai/Mistral-7B-Instruct-v0.3 | hf-inference | mistralai/Mistral-7B-Instruct-v0.3 | conversational
mistralai/Mistral-Nemo-Instruct-2407 | novita | mistralai/mistral-nemo | conversational
mistralai/Mistral-Nemo-Instruct-2407 | ovhcloud | Mistral-Nemo-Instruct-2407 | conversational
mistralai/Mistral-Nemo-Instruct-2407 | featherless-ai | mistralai/Mistral-Nemo-Instruct-2407 | conversational
mistralai/Mixtral-8x7B-Instruct-v0.1 | together | mistralai/Mixtral-8x7B-Instruct-v0.1 | conversational
mistralai/Mistral-Small-24B-Instruct-2501 | together | mistralai/Mistral-Small-24B-Instruct-2501 | conversational
google/gemma-2-9b-it | groq | gemma2-9b-it | conversational
google/gemma-3-27b-it | novita | google/gemma-3-27b-it | conversational
google/gemma-3-27b-it | scaleway | gemma-3-27b-it | conversational
google/gemma-3-27b-it | nscale | google/gemma-3-27b-it | conversational | staging
microsoft/phi-4 | nscale | microsoft/phi-4 | conversational
microsoft/Phi-3.5-mini-instruct | hf-inference | microsoft/Phi-3.5-mini-instruct | conversational
deepseek-ai/DeepSeek-R1 | together | deepseek-ai/DeepSeek-R1 | conversational
deepseek-ai/DeepSeek-R1 | fireworks-ai | accounts/fireworks/models/deepseek-r1 | conversational
deepseek-ai/DeepSeek-R1 | novita | deepseek/deepseek-r1 | conversational
deepseek-ai/DeepSeek-R1 | nscale | deepseek-ai/DeepSeek-R1 | conversational
deepseek-ai/DeepSeek-V3 | together | deepseek-ai/DeepSeek-V3 | conversational
deepseek-ai/DeepSeek-V3 | fireworks-ai | accounts/fireworks/models/deepseek-v3 | conversational
deepseek-ai/DeepSeek-V3 | deepinfra | deepseek-ai/DeepSeek-V3 | conversational
deepseek-ai/DeepSeek-V3 | baseten | deepseek-ai/DeepSeek-V3-0324 | conversational
deepseek-ai/DeepSeek-R1-Distill-Qwen-7B | nscale | deepseek-ai/DeepSeek-R1-Distill-Qwen-7B | conversational
HuggingFaceTB/SmolLM3-3B | hf-inference | HuggingFaceTB/SmolLM3-3B | conversational
HuggingFaceH4/zephyr-7b-beta | featherless-ai | HuggingFaceH4/zephyr-7b-beta | conversational
NousResearch/Hermes-3-Llama-3.1-8B | featherless-ai | NousResearch/Hermes-3-Llama-3.1-8B | conversational
mlabonne/NeuralDaredevil-8B-abliterated | featherless-ai | mlabonne/NeuralDaredevil-8B-abliterated | conversational
openai/gpt-oss-20b | together | openai/gpt-oss-20b | conversational
openai/gpt-oss-20b | groq | openai/gpt-oss-20b | conversational
openai/gpt-oss-20b | fireworks-ai | accounts/fireworks/models/gpt-oss-20b | conversational
openai/gpt-oss-20b | novita | openai/gpt-oss-20b | conversational
openai/gpt-oss-120b | together | openai/gpt-oss-120b | conversational
openai/gpt-oss-120b | groq | openai/gpt-oss-120b | conversational
openai/gpt-oss-120b | cerebras | gpt-oss-120b | conversational
openai/gpt-oss-120b | fireworks-ai | accounts/fireworks/models/gpt-oss-120b | conversational
openai/gpt-oss-120b | baseten | openai/gpt-oss-120b | conversational
openai/gpt-oss-120b | ovhcloud | gpt-oss-120b | conversational
openai/gpt-oss-120b | scaleway | gpt-oss-120b | conversational
moonshotai/Kimi-K2-Instruct | groq | moonshotai/kimi-k2-instruct | conversational
moonshotai/Kimi-K2-Instruct | together | moonshotai/Kimi-K2-Instruct | conversational
moonshotai/Kimi-K2-Instruct | novita | moonshotai/kimi-k2-instruct | conversational
moonshotai/Kimi-K2-Instruct | baseten | moonshotai/Kimi-K2-Instruct | conversational
zai-org/GLM-4.5 | zai-org | glm-4.5 | conversational
zai-org/GLM-4.5 | novita | zai-org/glm-4.5 | conversational
CohereLabs/c4ai-command-r7b-12-2024 | cohere | command-r7b-12-2024 | conversational
openai-community/gpt2 | hf-inference | openai-community/gpt2 | text-generation
sentence-transformers/all-MiniLM-L6-v2 | hf-inference | sentence-transformers/all-MiniLM-L6-v2 | sentence-similarity
sentence-transformers/all-mpnet-base-v2 | hf-inference | sentence-transformers/all-mpnet-base-v2 | sentence-similarity
sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2 | hf-inference | sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2 | sentence-similarity
BAAI/bge-m3 | hf-inference | BAAI/bge-m3 | sentence-similarity
intfloat/multilingual-e5-large | hf-inference | intfloat/multilingual-e5-large | feature-extraction
intfloat/multilingual-e5-large | scaleway | multilingual-e5-large | feature-extraction | staging
BAAI/bge-small-en-v1.5 | hf-inference | BAAI/bge-small-en-v1.5 | feature-extraction
mixedbread-ai/mxbai-embed-large-v1 | hf-inference | mixedbread-ai/mxbai-embed-large-v1 | feature-extraction
mixedbread-ai/mxbai-embed-large-v1 | together | mixedbread-ai/Mxbai-Embed-Large-V1 | feature-extraction
Qwen/Qwen3-Embedding-0.6B | deepinfra | Qwen/Qwen3-Embedding-0.6B | feature-extraction
distilbert/distilbert-base-uncased-finetuned-sst-2-english | hf-inference | distilbert/distilbert-base-uncased-finetuned-sst-2-english | text-classification
cardiffnlp/twitter-roberta-base-sentiment-latest | hf-inference | cardiffnlp/twitter-roberta-base-sentiment-latest | text-classification
ProsusAI/finbert | hf-inference | ProsusAI/finbert | text-classification
j-hartmann/emotion-english-distilroberta-base | hf-inference | j-hartmann/emotion-english-distilroberta-base | text-classification
dslim/bert-base-NER | hf-inference | dslim/bert-base-NER | token-classification
deepset/roberta-base-squad2 | hf-inference | deepset/roberta-base-squad2 | question-answering
google-bert/bert-base-uncased | hf-inference | google-bert/bert-base-uncased | fill-mask
FacebookAI/roberta-base | hf-inference | FacebookAI/roberta-base | fill-mask
facebook/bart-large-cnn | hf-inference | facebook/bart-large-cnn | summarization
Helsinki-NLP/opus-mt-en-de | hf-inference | Helsinki-NLP/opus-mt-en-de | translation
google-t5/t5-base | hf-inference | google-t5/t5-base | translation
facebook/bart-large-mnli | hf-inference | facebook/bart-large-mnli | zero-shot-classification
google/tapas-base-finetuned-wtq | hf-inference | google/tapas-base-finetuned-wtq | table-question-answering
google/vit-base-patch16-224 | hf-inference | google/vit-base-patch16-224 | image-classification
microsoft/resnet-50 | hf-inference | microsoft/resnet-50 | image-classification
Falconsai/nsfw_image_detection | hf-inference | Falconsai/nsfw_image_detection | image-classification
facebook/detr-resnet-50 | hf-inference | facebook/detr-resnet-50 | object-detection
nvidia/segformer-b0-finetuned-ade-512-512 | hf-inference | nvidia/segformer-b0-finetuned-ade-512-512 | image-segmentation
openai/clip-vit-large-patch14 | hf-inference | openai/clip-vit-large-patch14 | zero-shot-image-classification
Salesforce/blip-image-captioning-large | hf-inference | Salesforce/blip-image-captioning-large | image-to-text
impira/layoutlm-document-qa | hf-inference | impira/layoutlm-document-qa | document-question-answering
MIT/ast-finetuned-audioset-10-10-0.4593 | hf-inference | MIT/ast-finetuned-audioset-10-10-0.4593 | audio-classification
openai/whisper-large-v3-turbo | hf-inference | openai/whisper-large-v3-turbo | automatic-speech-recognition
openai/whisper-large-v3-turbo | fal-ai | fal-ai/whisper | automatic-speech-recognition
openai/whisper-large-v3-turbo | deepinfra | openai/whisper-large-v3-turbo | automatic-speech-recognition
openai/whisper-large-v3 | hf-inference | openai/whisper-large-v3 | automatic-speech-recognition
openai/whisper-large-v3 | fal-ai | fal-ai/wizper | automatic-speech-recognition
openai/whisper-large-v3 | replicate | openai/whisper:8099696689d249cf8b122d833c36ac3f75505c666a395ca40ef26f68e7d3d16e | automatic-speech-recognition
openai/whisper-large-v3 | together | openai/whisper-large-v3 | automatic-speech-recognition
hexgrad/Kokoro-82M | fal-ai | fal-ai/kokoro/american-english | text-to-speech
hexgrad/Kokoro-82M | replicate | jaaari/kokoro-82m:f559560eb822dc509045f3921a1921234918b91739db4bf3daab2169b71c7a13 | text-to-speech
hexgrad/Kokoro-82M | deepinfra | hexgrad/Kokoro-82M | text-to-speech
ResembleAI/chatterbox | fal-ai | fal-ai/chatterbox/text-to-speech | text-to-speech
nari-labs/Dia-1.6B | fal-ai | fal-ai/dia-tts | text-to-speech
suno/bark | replicate | suno-ai/bark:b76242b40d67c76ab6742e987628a2a9ac019e11d56ab96c4e91ce03b79b2787 | text-to-speech
stabilityai/stable-audio-open-1.0 | fal-ai | fal-ai/stable-audio | text-to-audio
facebook/musicgen-small | hf-inference | facebook/musicgen-small | text-to-audio
black-forest-labs/FLUX.1-schnell | fal-ai | fal-ai/flux/schnell | text-to-image
black-forest-labs/FLUX.1-schnell | replicate | black-forest-labs/flux-schnell | text-to-image
black-forest-labs/FLUX.1-schnell | together | black-forest-labs/FLUX.1-schnell | text-to-image
black-forest-labs/FLUX.1-schnell | nscale | black-forest-labs/FLUX.1-schnell | text-to-image
black-forest-labs/FLUX.1-schnell | wavespeed | wavespeed-ai/flux-schnell | text-to-image
black-forest-labs/FLUX.1-schnell | hf-inference | black-forest-labs/FLUX.1-schnell | text-to-image
black-forest-labs/FLUX.1-dev | fal-ai | fal-ai/flux/dev | text-to-image
black-forest-labs/FLUX.1-dev | replicate | black-forest-labs/flux-dev | text-to-image
black-forest-labs/FLUX.1-dev | together | black-forest-labs/FLUX.1-dev | text-to-image
black-forest-labs/FLUX.1-dev | wavespeed | wavespeed-ai/flux-dev | text-to-image
black-forest-labs/FLUX.1-Kontext-dev | fal-ai | fal-ai/flux-kontext/dev | image-text-to-image
black-forest-labs/FLUX.1-Kontext-dev | wavespeed | wavespeed-ai/flux-kontext-dev | image-text-to-image
stabilityai/stable-diffusion-xl-base-1.0 | hf-inference | stabilityai/stable-diffusion-xl-base-1.0 | text-to-image
stabilityai/stable-diffusion-xl-base-1.0 | nscale | stabilityai/stable-diffusion-xl-base-1.0 | text-to-image
stabilityai/stable-diffusion-xl-base-1.0 | replicate | stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc | text-to-image
stabilityai/stable-diffusion-3.5-large | fal-ai | fal-ai/stable-diffusion-v35-large | text-to-image
stabilityai/stable-diffusion-3.5-large | replicate | stability-ai/stable-diffusion-3.5-large | text-to-image
Qwen/Qwen-Image | fal-ai | fal-ai/qwen-image | text-to-image
Qwen/Qwen-Image | replicate | qwen/qwen-image | text-to-image
Qwen/Qwen-Image | wavespeed | wavespeed-ai/qwen-image/text-to-image | text-to-image
Qwen/Qwen-Image-Edit | fal-ai | fal-ai/qwen-image-edit | image-text-to-image
Qwen/Qwen-Image-Edit | wavespeed | wavespeed-ai/qwen-image/edit | image-text-to-image
HiDream-ai/HiDream-I1-Full | fal-ai | fal-ai/hidream-i1-full | text-to-image
playgroundai/playground-v2.5-1024px-aesthetic | fal-ai | fal-ai/playground-v25 | text-to-image
fal/AuraFlow | fal-ai | fal-ai/aura-flow | text-to-image
Efficient-Large-Model/Sana_1600M_1024px | fal-ai | fal-ai/sana | text-to-image | staging
XLabs-AI/flux-RealismLora | fal-ai | fal-ai/flux-lora | text-to-image | lora
strangerzonehf/Flux-Midjourney-Mix2-LoRA | fal-ai | fal-ai/flux-lora | text-to-image | lora
Shakker-Labs/FLUX.1-dev-LoRA-AntiBlur | fal-ai | fal-ai/flux-lora | text-to-image | lora
nerijs/pixel-art-xl | fal-ai | fal-ai/lora | text-to-image | lora
ostris/ikea-instructions-lora-sdxl | fal-ai | fal-ai/lora | text-to-image | lora
alvdansen/littletinies | fal-ai | fal-ai/lora | text-to-image | lora
timbrooks/instruct-pix2pix | hf-inference | timbrooks/instruct-pix2pix | image-to-image
Wan-AI/Wan2.1-T2V-14B-Diffusers | fal-ai | fal-ai/wan-t2v | text-to-video
Wan-AI/Wan2.1-T2V-14B-Diffusers | replicate | wavespeedai/wan-2.1-t2v-480p | text-to-video
Wan-AI/Wan2.1-T2V-14B-Diffusers | novita | wan-t2v | text-to-video
Wan-AI/Wan2.1-T2V-14B-Diffusers | wavespeed | wavespeed-ai/wan-2.1/t2v-480p | text-to-video
Wan-AI/Wan2.1-I2V-14B-720P-Diffusers | fal-ai | fal-ai/wan-i2v | image-to-video
Wan-AI/Wan2.1-I2V-14B-720P-Diffusers | wavespeed | wavespeed-ai/wan-2.1/i2v-720p | image-to-video
Lightricks/LTX-Video | fal-ai | fal-ai/ltx-video | text-to-video
Lightricks/LTX-Video | replicate | lightricks/ltx-video | text-to-video
tencent/HunyuanVideo | fal-ai | fal-ai/hunyuan-video | text-to-video
tencent/HunyuanVideo | novita | hunyuan-video-fast | text-to-video
genmo/mochi-1-preview | fal-ai | fal-ai/mochi-v1 | text-to-video
stabilityai/stable-video-diffusion-img2vid-xt | fal-ai | fal-ai/stable-video | image-to-video
THUDM/CogVideoX-5b-I2V | fal-ai | fal-ai/cogvideox-5b/image-to-video | image-to-video | staging
`;

export function providerMappings(): DemoProviderMapping[] {
  return LINES.trim()
    .split("\n")
    .map((line) => {
      const [modelId, provider, providerId, task, ...extra] = line.split("|").map((cell) => cell.trim());
      const mapping: DemoProviderMapping = {
        modelId,
        provider,
        providerId,
        task,
        status: extra.includes("staging") ? "staging" : "live",
      };
      if (extra.includes("lora")) {
        mapping.adapter = "lora";
        mapping.adapterWeightsPath = "pytorch_lora_weights.safetensors";
      }
      return mapping;
    });
}
