import { hashText } from "./files/bytes.js";
import type { RepoType } from "../../domain/repo.js";

/**
 * When the repos of the demo catalogue appeared on the Hub, so "created" and "updated" dates look
 * right next to the models people know (no "Llama 3.1, updated 4 years ago").
 *
 * Each rule maps an id pattern to a release month `YYYY-MM`, or to a window `YYYY-MM..YYYY-MM` when
 * only the era is known; the first rule that matches wins, so specific repos come before their family.
 * A repo's creation day is picked inside its month (or window) by a hash of its id, then moved after
 * whatever it builds on (base model, training data, the models a space demos). Checkpoints older
 * than the Hub get its first months.
 */
type Rule = [pattern: RegExp, when: string];

/** Earliest creation date: the model hub went public in 2019. */
export const HUB_START = Date.UTC(2019, 0, 1);
const DAY_MS = 86_400_000;

/** Used when nothing matches (a catalogue line added without a rule; tests ask for one). */
const FALLBACK: Record<RepoType, string> = {
  model: "2021-01..2025-06",
  dataset: "2020-06..2024-12",
  space: "2022-06..2025-06",
  kernel: "2025-06..2026-06",
};

const MODEL_RULES: Rule[] = [
  [/^modelhub-demo\/tiny-llama-(chat|embed)-GGUF$/i, "2026-10"], // this hub's own runnable demo models
  [/^modelhub-demo\/tiny-.*-onnx$/i, "2026-10"], // its runnable ONNX task models
  // Fine-tunes, merges and ports whose names contain a family below: listed first.
  [/^nvidia\/Llama-3\.1-Nemotron/i, "2024-10"],
  [/^NousResearch\/Hermes-3/i, "2024-08"],
  [/^mattshumer\/Reflection-Llama-3\.1/i, "2024-09"],
  [/^fixie-ai\/ultravox-v0_5/i, "2025-02"],
  [/^ByteDance\/Video-As-Prompt/i, "2025-10"],
  [/^pruna-ai\/FLUX\.1-schnell-smashed/i, "2024-09..2024-12"],
  [/^argmaxinc\/mlx-FLUX\.1/i, "2024-09"],
  [/^argmaxinc\/mlx-stable-diffusion-3-medium/i, "2024-06"],
  [/^argmaxinc\/whisperkit-coreml/i, "2024-02"],
  [/^Shakker-Labs\/FLUX\.1-dev-LoRA/i, "2024-09"],
  [/^XLabs-AI\/flux-RealismLora/i, "2024-08"],
  [/^strangerzonehf\/Flux-Midjourney/i, "2024-10..2024-12"],
  [/^distil-whisper\/distil-large-v3/i, "2024-03"],
  [/^speechbrain\/asr-whisper-large-v2/i, "2023-03..2023-09"],
  [/^Xenova\//i, "2023-05"],
  [/^onnx-community\/Qwen2\.5/i, "2024-10"],
  [/^lmstudio-community\/Phi-4-mini/i, "2025-02"],
  [/^unsloth\/gemma-3/i, "2025-03"],
  [/^tomaarsen\/setfit-/i, "2023-11..2024-01"],
  [/^vidore\/colpaligemma/i, "2024-06..2024-08"],
  [/^vidore\/colpali/i, "2024-11"],
  [/^vidore\/colqwen2-base/i, "2024-09..2024-10"],
  [/^vidore\/colqwen2/i, "2024-11"],
  [/^nomic-ai\/colnomic/i, "2025-03"],
  [/^lerobot\/smolvla/i, "2025-06"],
  [/^lerobot\/pi0/i, "2025-02"],
  [/^lerobot\//i, "2024-03..2024-05"],
  [/^OuteAI\/OuteTTS-0\.2/i, "2024-11"],
  [/^ds4sd\/SmolDocling/i, "2025-03"],
  [/^mlx-vision\//i, "2024-04..2024-07"],

  // Meta Llama and early LLaMA ports.
  [/Llama-4/i, "2025-04"],
  [/Llama-3\.3/i, "2024-12"],
  [/Llama-3\.2/i, "2024-09"],
  [/Llama-3\.1/i, "2024-07"],
  [/^mlabonne\/(Neural)?Daredevil-8B/i, "2024-05"],
  [/^huggyllama\/llama-7b/i, "2023-04"],
  [/^baffo32\/decapoda-research-llama-7B/i, "2023-03"],
  [/^tloen\/alpaca-lora/i, "2023-03"],
  [/^timdettmers\/guanaco/i, "2023-05"],
  [/^TinyLlama\//i, "2023-12"],

  // Qwen.
  [/Qwen3-VL/i, "2025-10"],
  [/Qwen3-Coder/i, "2025-07"],
  [/Qwen3-Embedding/i, "2025-06"],
  [/Qwen3/i, "2025-04"],
  [/QwQ-32B/i, "2025-03"],
  [/Qwen2\.5-Omni/i, "2025-03"],
  [/Qwen2\.5-VL/i, "2025-01"],
  [/Qwen2\.5-Coder-32B/i, "2024-11"],
  [/Qwen2\.5/i, "2024-09"],
  [/Qwen2-Audio/i, "2024-08"],
  [/^Qwen\/Qwen-Image/i, "2025-08"],
  [/llava-onevision-qwen2/i, "2024-08"],

  // Mistral.
  [/Mistral-Small-3\.1/i, "2025-03"],
  [/Mistral-Small-24B/i, "2025-01"],
  [/Mistral-Nemo/i, "2024-07"],
  [/Pixtral-12B/i, "2024-09"],
  [/Mixtral-8x7B/i, "2023-12"],
  [/Mistral-7B(-Instruct)?-v0\.3/i, "2024-05"],
  [/Mistral-7B(-Instruct)?-v0\.2/i, "2023-12"],
  [/Mistral-7B(-Instruct)?-v0\.1/i, "2023-09"],
  [/^predibase\/customer_support/i, "2024-02"],
  [/^Intel\/neural-chat-7b-v3/i, "2023-11"],
  [/^HuggingFaceH4\/zephyr-7b-beta/i, "2023-10"],

  // Google.
  [/embeddinggemma/i, "2025-09"],
  [/paligemma2-3b-mix/i, "2025-02"],
  [/paligemma2/i, "2024-12"],
  [/paligemma-3b/i, "2024-05"],
  [/gemma-3/i, "2025-03"],
  [/gemma-2-2b/i, "2024-07"],
  [/gemma-2-/i, "2024-06"],
  [/recurrentgemma/i, "2024-04"],
  [/^keras\/gemma_2b/i, "2024-02"],
  [/^google\/flan-t5/i, "2022-10"],
  [/^google-t5\/t5-/i, "2020-01"],
  [/^google\/t5-efficient/i, "2021-09..2022-01"],
  [/^google\/byt5/i, "2021-06"],
  [/^google\/pegasus/i, "2020-08"],
  [/^google\/tapas/i, "2020-12"],
  [/^google\/electra/i, "2020-03"],
  [/^google\/vit-/i, "2021-03"],
  [/^google\/owlv2/i, "2023-10"],
  [/^google\/owlvit/i, "2022-07"],
  [/^google\/siglip/i, "2024-01"],
  [/^google\/ddpm-/i, "2022-07"],
  [/^google\/timesfm-2\.0/i, "2024-12"],
  [/^google\/videoprism/i, "2025-06..2025-09"],

  // Microsoft.
  [/Phi-4-multimodal/i, "2025-02"],
  [/Phi-4-mini/i, "2025-02"],
  [/phi-4/i, "2024-12"],
  [/Phi-3\.5/i, "2024-08"],
  [/^microsoft\/mdeberta-v3/i, "2021-11"],
  [/^microsoft\/deberta-v3/i, "2021-11"],
  [/^microsoft\/mpnet-base/i, "2020-11"],
  [/^microsoft\/tapex/i, "2022-03"],
  [/^microsoft\/VibeVoice/i, "2025-08"],
  [/^microsoft\/speecht5/i, "2023-02"],
  [/^microsoft\/Florence-2/i, "2024-06"],
  [/^microsoft\/layoutlmv3/i, "2022-04"],
  [/^microsoft\/resnet-/i, "2022-03"],
  [/^microsoft\/swinv2/i, "2022-07"],
  [/^microsoft\/trocr/i, "2021-09"],
  [/^microsoft\/xclip/i, "2022-09"],
  [/^microsoft\/TRELLIS/i, "2024-12"],

  // DeepSeek, OpenAI, other LLM labs.
  [/DeepSeek-R1/i, "2025-01"],
  [/DeepSeek-V3/i, "2024-12"],
  [/Janus-Pro/i, "2025-01"],
  [/gpt-oss/i, "2025-08"],
  [/^openai-community\/gpt2/i, "2019-02"],
  [/^openai\/whisper-large-v3-turbo/i, "2024-10"],
  [/whisper-large-v3-turbo/i, "2024-10"],
  [/^openai\/whisper-large-v3/i, "2023-11"],
  [/^openai\/whisper-large-v2/i, "2022-12"],
  [/^openai\/whisper-/i, "2022-09"],
  [/^openai\/clip-vit-large/i, "2022-01"],
  [/^openai\/shap-e/i, "2023-07"],
  [/^HuggingFaceTB\/SmolLM3/i, "2025-07"],
  [/^HuggingFaceTB\/SmolLM2/i, "2024-10"],
  [/^HuggingFaceTB\/SmolVLM2/i, "2025-02"],
  [/^HuggingFaceTB\/SmolVLM-256M/i, "2025-01"],
  [/^HuggingFaceTB\/SmolVLM/i, "2024-11"],
  [/^EleutherAI\/pythia/i, "2023-02"],
  [/^tiiuae\/falcon-7b/i, "2023-04"],
  [/^allenai\/OLMo-2-1124/i, "2024-11"],
  [/^ibm-granite\/granite-3\.3/i, "2025-04"],
  [/^ibm-granite\/granite-timeseries-ttm-r2/i, "2024-10"],
  [/^CohereLabs\/c4ai-command-r7b-12-2024/i, "2024-12"],
  [/^moonshotai\/Kimi-K2/i, "2025-07"],
  [/^moonshotai\/Kimi-Audio/i, "2025-04"],
  [/^zai-org\/GLM-4\.5/i, "2025-07"],
  [/^bigcode\/starcoder2/i, "2024-02"],
  [/^state-spaces\/mamba2-/i, "2024-05"],
  [/^state-spaces\/mamba-.*-hf$/i, "2024-03"],
  [/^state-spaces\/mamba-/i, "2023-12"],
  [/^01-ai\/Yi-1\.5/i, "2024-05"],
  [/^upstage\/SOLAR-10\.7B/i, "2023-12"],
  [/^bigscience\/bloom-560m/i, "2022-05"],
  [/^Salesforce\/codet5p/i, "2023-05"],
  [/^jxm\/cde-small-v1/i, "2024-10"],

  // Encoders, classifiers, NER, QA, translation, summarisation.
  [/^google-bert\//i, "2019-01"], // released 2018-11, before the Hub: its first month
  [/^FacebookAI\/xlm-roberta-large-finetuned-conll03/i, "2020-01"],
  [/^FacebookAI\/xlm-roberta/i, "2019-12"],
  [/^FacebookAI\/roberta-/i, "2019-08"],
  [/^distilbert\/distilbert-base-cased-distilled-squad/i, "2020-02"],
  [/^distilbert\/distilbert-base-uncased-finetuned-sst-2/i, "2019-11"],
  [/^distilbert\//i, "2019-08"],
  [/^camembert\/camembert-base/i, "2019-11"],
  [/^answerdotai\/ModernBERT/i, "2024-12"],
  [/^Alibaba-NLP\/gte-modernbert/i, "2025-01"],
  [/^cardiffnlp\/twitter-roberta-base-sentiment-latest/i, "2022-03"],
  [/^ProsusAI\/finbert/i, "2020-05..2020-08"],
  [/^j-hartmann\/emotion-english-distilroberta/i, "2021-01..2021-06"],
  [/^nlptown\/bert-base-multilingual-uncased-sentiment/i, "2020-03..2020-06"],
  [/^papluca\/xlm-roberta-base-language-detection/i, "2021-11"],
  [/^unitary\/toxic-bert/i, "2020-11"],
  [/^SamLowe\/roberta-base-go_emotions/i, "2022-09"],
  [/^dslim\/bert-base-NER/i, "2020-06..2020-10"],
  [/^Jean-Baptiste\/camembert-ner/i, "2020-11..2021-03"],
  [/^vblagoje\/bert-english-uncased-finetuned-pos/i, "2020-06..2021-06"],
  [/^deepset\/roberta-base-squad2/i, "2020-01..2020-03"],
  [/^deepset\/deberta-v3-large-squad2/i, "2022-05..2022-09"],
  [/^facebook\/bart-large/i, "2020-03"],
  [/^MoritzLaurer\/deberta-v3-large-zeroshot-v2/i, "2024-03"],
  [/^MoritzLaurer\/mDeBERTa-v3-base-mnli-xnli/i, "2021-12"],
  [/^Helsinki-NLP\/opus-mt-/i, "2020-05"],
  [/^facebook\/nllb-200/i, "2022-07"],
  [/^facebook\/m2m100/i, "2021-03"],
  [/^philschmid\/bart-large-cnn-samsum/i, "2021-03..2021-04"],
  [/^sentence-transformers\/all-/i, "2021-08"],
  [/^sentence-transformers\/paraphrase-/i, "2021-05..2021-06"],
  [/^nreimers\/MiniLM/i, "2021-01..2021-06"],
  [/^BAAI\/bge-reranker-v2/i, "2024-03"],
  [/^BAAI\/bge-m3/i, "2024-01"],
  [/^BAAI\/bge-.*v1\.5/i, "2023-09"],
  [/^BAAI\/Emu3/i, "2024-09"],
  [/^intfloat\/multilingual-e5/i, "2023-06"],
  [/^nomic-ai\/nomic-embed-text-v1\.5/i, "2024-02"],
  [/^nomic-ai\/nomic-embed-vision-v1\.5/i, "2024-06"],
  [/^mixedbread-ai\/mxbai-rerank/i, "2024-02..2024-03"],
  [/^mixedbread-ai\/mxbai-embed-large/i, "2024-03"],
  [/^cross-encoder\/ms-marco-MiniLM/i, "2021-04"],
  [/^minishlab\/potion/i, "2024-10"],
  [/^flair\//i, "2020-11..2021-02"],
  [/^spacy\//i, "2021-07"],
  [/^tomaarsen\/span-marker/i, "2023-06..2023-08"],
  [/^urchade\/gliner_multi-v2\.1/i, "2024-04"],
  [/^fastino\/gliner2/i, "2025-07"],
  [/^facebook\/fasttext-language-identification/i, "2023-03"],
  [/^MaartenGr\/BERTopic/i, "2023-05..2023-06"],
  [/^AdapterHub\//i, "2021-09..2022-03"],
  [/^stanfordnlp\/stanza/i, "2021-06..2022-06"],
  [/^sapienzanlp\/relik/i, "2024-07"],
  [/^AP-HP\/eds-pseudo/i, "2023-06..2024-03"],
  [/^hezarai\//i, "2023-06..2023-12"],
  [/^xhluca\/bm25s/i, "2024-07"],
  [/^webis\/monoelectra/i, "2024-01..2024-06"],

  // Speech and audio.
  [/^facebook\/wav2vec2-large-xlsr-53/i, "2021-03"],
  [/^facebook\/wav2vec2-/i, "2021-02"],
  [/^jonatasgrosman\/wav2vec2-large-xlsr/i, "2021-03..2021-05"],
  [/^ehcalabres\//i, "2021-04..2021-09"],
  [/^nvidia\/parakeet-tdt-0\.6b-v2/i, "2025-05"],
  [/^nvidia\/canary-1b-flash/i, "2025-03"],
  [/^nvidia\/stt_en_fastconformer/i, "2023-01..2023-06"],
  [/^nvidia\/GR00T-N1\.5/i, "2025-06"],
  [/^nvidia\/segformer-/i, "2021-10"],
  [/^nvidia\/mit-b/i, "2021-10"],
  [/^speechbrain\//i, "2021-03..2021-12"],
  [/^espnet\/owsm_v3\.1/i, "2024-01..2024-02"],
  [/^espnet\//i, "2021-06..2021-12"],
  [/^pyannote\/speaker-diarization-3\.1/i, "2023-11"],
  [/^pyannote\/segmentation-3\.0/i, "2023-09"],
  [/^pyannote\//i, "2021-09..2022-06"],
  [/^MIT\/ast-finetuned-audioset/i, "2022-11"],
  [/^superb\//i, "2021-04..2021-09"],
  [/^facebook\/audioseal/i, "2024-01..2024-02"],
  [/^JorisCos\//i, "2020-09..2021-06"],
  [/^facebook\/musicgen-/i, "2023-06"],
  [/^stabilityai\/stable-audio-open-small/i, "2025-05"],
  [/^stabilityai\/stable-audio-open-1\.0/i, "2024-06"],
  [/^cvssp\/audioldm2/i, "2023-08"],
  [/^suno\/bark/i, "2023-04"],
  [/^facebook\/mms-tts/i, "2023-08"],
  [/^facebook\/fastspeech2/i, "2021-09..2021-11"],
  [/^hexgrad\/Kokoro-82M/i, "2024-12"],
  [/^yl4579\/StyleTTS2/i, "2023-11"],
  [/^parler-tts\/parler-tts-mini-v1/i, "2024-08"],
  [/^2Noise\/ChatTTS/i, "2024-05"],
  [/^ResembleAI\/chatterbox/i, "2025-05"],
  [/^nari-labs\/Dia-1\.6B/i, "2025-04"],
  [/^Zyphra\/Zonos-v0\.1/i, "2025-02"],
  [/^KittenML\/kitten-tts-nano-0\.1/i, "2025-08"],
  [/^IndexTeam\/IndexTTS-2/i, "2025-09"],
  [/^openbmb\/VoxCPM/i, "2025-09"],
  [/^openbmb\/MiniCPM-V-2_6/i, "2024-08"],
  [/^kyutai\/moshiko/i, "2024-09"],

  // Image, video and 3D generation.
  [/FLUX\.1-Kontext/i, "2025-06"],
  [/FLUX\.1-/i, "2024-08"],
  [/^stabilityai\/sdxl-turbo/i, "2023-11"],
  [/stable-diffusion-xl-base-1\.0/i, "2023-07"],
  [/stable-diffusion-3\.5/i, "2024-10"],
  [/stable-diffusion-3-medium/i, "2024-06"],
  [/^keras\/stable_diffusion_3_medium/i, "2024-09..2024-11"],
  // The community mirror of Runway's 2022-10 checkpoint: dated like the original, since repos from
  // 2023 (ControlNet 1.1) name it as their base.
  [/^stable-diffusion-v1-5\//i, "2022-10"],
  [/^stabilityai\/stable-video-diffusion-img2vid-xt/i, "2023-11"],
  [/^stabilityai\/stable-fast-3d/i, "2024-08"],
  [/^HiDream-ai\/HiDream-I1/i, "2025-04"],
  [/^playgroundai\/playground-v2\.5/i, "2024-02"],
  [/^nerijs\/pixel-art-xl/i, "2023-08"],
  [/^ostris\/ikea-instructions-lora-sdxl/i, "2023-08..2023-11"],
  [/^alvdansen\/littletinies/i, "2024-03..2024-07"],
  [/Wan2\.1-VACE/i, "2025-06"],
  [/Wan2\.1-/i, "2025-03"],
  [/^Lightricks\/LTX-Video/i, "2024-11"],
  [/^tencent\/HunyuanVideo/i, "2024-12"],
  [/^tencent\/Hunyuan3D-2/i, "2025-01"],
  [/^genmo\/mochi-1-preview/i, "2024-10"],
  [/^THUDM\/CogVideoX-5b-I2V/i, "2024-09"],
  [/^Alibaba-Research\/ali-vilab-i2vgen-xl/i, "2023-12..2024-01"],
  [/^ashawkey\/LGM/i, "2024-02"],
  [/^Yiwen-ntu\/MeshAnything/i, "2024-06"],
  [/^VAST-AI\/TripoSR/i, "2024-03"],
  [/^fal\/AuraFlow/i, "2024-07"],
  [/^Efficient-Large-Model\/Sana_1600M/i, "2024-11"],
  [/^yisol\/IDM-VTON/i, "2024-03..2024-04"],
  [/^timbrooks\/instruct-pix2pix/i, "2023-01"],
  [/^lllyasviel\/control_v11/i, "2023-04"],
  [/^huggan\//i, "2022-04"],

  // Multimodal understanding and documents.
  [/^llava-hf\/llava-1\.5/i, "2023-12"],
  [/^llava-hf\/LLaVA-NeXT-Video/i, "2024-06"],
  [/^LanguageBind\/Video-LLaVA-7B-hf/i, "2024-05"],
  [/^OpenGVLab\/InternVL3/i, "2025-04"],
  [/^dandelin\/vilt/i, "2021-11"],
  [/^Salesforce\/blip2-/i, "2023-02"],
  [/^Salesforce\/blip-/i, "2022-12"],
  [/^impira\/layoutlm-document-qa/i, "2022-08..2022-09"],
  [/^naver-clova-ix\/donut-base/i, "2022-07"],
  [/^stepfun-ai\/GOT-OCR-2\.0-hf/i, "2025-01"],

  // Vision.
  [/^Falconsai\/nsfw_image_detection/i, "2023-10"],
  [/^nateraw\/food/i, "2021-04..2021-09"],
  [/^timm\//i, "2023-03..2023-05"],
  [/^keras-io\/deit/i, "2022-03..2022-06"],
  [/^espejelomar\/fastai/i, "2022-01..2022-04"],
  [/^facebook\/detr-resnet-50/i, "2021-04"],
  [/^facebook\/convnext-/i, "2022-02"],
  [/^facebook\/mask2former/i, "2023-01"],
  [/^facebook\/sam2\.1-/i, "2024-09"],
  [/^facebook\/sam2-/i, "2024-07"],
  [/^facebook\/sam-vit/i, "2023-04"],
  [/^facebook\/dinov3/i, "2025-08"],
  [/^facebook\/dinov2/i, "2023-07"],
  [/^facebook\/PE-Core/i, "2025-04"],
  [/^facebook\/timesformer/i, "2022-10..2022-12"],
  [/^hustvl\/yolos/i, "2022-04"],
  [/^PekingU\/rtdetr/i, "2024-03..2024-06"],
  [/^Ultralytics\/YOLO11/i, "2024-10"],
  [/^Ultralytics\/YOLOv8/i, "2023-01"],
  [/^jameslahm\/yolov10/i, "2024-05"],
  [/^IDEA-Research\/grounding-dino/i, "2024-04"],
  [/^mattmdjaga\/segformer_b2_clothes/i, "2022-11..2023-03"],
  [/^briaai\/RMBG-1\.4/i, "2023-12"],
  [/^ZhengPeng7\/BiRefNet/i, "2024-07"],
  [/^PramaLLC\/BEN2/i, "2025-01"],
  [/^depth-anything\/Depth-Anything-V2/i, "2024-06"],
  [/^Intel\/dpt-large/i, "2022-03"],
  [/^apple\/DepthPro/i, "2024-10"],
  [/^apple\/DFN5B-CLIP/i, "2023-11"],
  [/^laion\/CLIP-ViT-H-14-laion2B/i, "2022-09"],
  [/^magic-leap-community\/superpoint/i, "2024-03"],
  [/^usyd-community\/vitpose/i, "2025-01"],
  [/^ETH-CVG\/lightglue/i, "2025-06..2025-07"],
  [/^nlpconnect\/vit-gpt2-image-captioning/i, "2021-09..2022-02"],
  [/^PaddlePaddle\/PP-OCRv5/i, "2025-05..2025-06"],
  [/^Riksarkivet\/yolov9/i, "2024-03..2024-09"],
  [/^caidas\/swin2SR/i, "2022-12"],
  [/^MCG-NJU\/videomae/i, "2022-08"],

  // Tabular, time series, reinforcement learning, graphs, library presets.
  [/^julien-c\/wine-quality/i, "2021-05..2021-09"],
  [/^scikit-learn\//i, "2022-06..2023-03"],
  [/^skops\//i, "2022-06..2022-10"],
  [/^Prior-Labs\/TabPFN-v2/i, "2025-01"],
  [/^keras-io\//i, "2021-12..2022-06"],
  [/^amazon\/chronos-2/i, "2025-10"],
  [/^amazon\/chronos-bolt/i, "2024-11"],
  [/^amazon\/chronos-t5/i, "2024-03"],
  [/^NX-AI\/TiRex/i, "2025-05"],
  [/^ecmwf\/aifs-single-1\.0/i, "2025-02"],
  [/^sb3\//i, "2022-05..2022-07"],
  [/^ThomasSimonini\/ppo-SnowballTarget/i, "2023-01"],
  [/^edbeeching\/decision-transformer/i, "2022-03"],
  [/^edbeeching\/doom_/i, "2022-10..2023-03"],
  [/^unity\/inference-engine/i, "2025-01..2025-05"],
  [/^clefourrier\/graphormer/i, "2022-11..2022-12"],
  [/^Jiqing\/graphormer/i, "2022-12..2023-06"],
  [/^keras\/(bert|resnet|whisper)_/i, "2024-04..2024-08"],
  [/^clementchadebec\/reproduced_wae/i, "2022-09..2022-11"],
  [/^smangrul\/roberta-large-peft-lora/i, "2023-02"],
  [/^ybelkada\/flan-t5-large-financial-phrasebank-lora/i, "2023-03"],
];

const DATASET_RULES: Rule[] = [
  // Classic benchmarks: their data predates the Hub; the repos came with the `nlp`/`datasets` library (2020).
  [/^(stanfordnlp\/(imdb|snli)|nyu-mll\/(multi_nli|glue)|rajpurkar\/squad(_v2)?)$/i, "2020-05"],
  [
    /^(mandarjoshi\/trivia_qa|abisee\/cnn_dailymail|wmt\/wmt14|eriktks\/conll2003|ylecun\/mnist)$/i,
    "2020-05",
  ],
  [/^(fancyzhx\/ag_news|Yelp\/yelp_review_full|EdinburghNLP\/xsum|uoft-cs\/cifar10)$/i, "2020-06"],
  [/^google-research-datasets\/natural_questions$/i, "2020-06"],
  [/^Rowan\/hellaswag$/i, "2020-06..2020-09"],
  [/^allenai\/ai2_arc$/i, "2020-09"],
  [/^microsoft\/ms_marco$/i, "2020-09..2021-03"],
  [/^cardiffnlp\/tweet_eval$/i, "2020-10"],
  [/^google-research-datasets\/go_emotions$/i, "2020-12"],
  [/^Samsung\/samsum$/i, "2020-12..2021-03"],
  [/^Helsinki-NLP\/opus-100$/i, "2021-01..2021-06"],
  [/^stanfordnlp\/sst2$/i, "2021-03"],
  [/^ethz\/food101$/i, "2021-01..2021-06"],
  [/^openslr\/librispeech_asr$/i, "2021-02"],
  [/^keithito\/lj_speech$/i, "2021-02..2021-06"],
  [/^allenai\/c4$/i, "2021-04"],
  [/^nateraw\/pascal-voc-2012$/i, "2021-06..2022-06"],
  [/^SetFit\/emotion$/i, "2021-12"],
  [/^openai\/openai_humaneval$/i, "2022-01"],
  [/^openai\/gsm8k$/i, "2022-04"],
  [/^mteb\/amazon_reviews_multi$/i, "2022-05"],
  [/^scikit-learn\//i, "2022-06..2022-12"],
  [/^detection-datasets\/coco$/i, "2022-06..2022-12"],
  [/^tner\/ontonotes5$/i, "2022-07"],
  [/^HuggingFaceM4\/VQAv2$/i, "2022-07..2022-12"],
  [/^mozilla-foundation\/common_voice_11_0$/i, "2022-10"],
  [/^bigcode\/the-stack-smol$/i, "2022-11..2022-12"],
  [/^Anthropic\/hh-rlhf$/i, "2022-12"],
  [/^cais\/mmlu$/i, "2023-03"],
  [/^tatsu-lab\/alpaca$/i, "2023-03"],
  [/^yahma\/alpaca-cleaned$/i, "2023-03..2023-04"],
  [/^databricks\/databricks-dolly-15k$/i, "2023-04"],
  [/^OpenAssistant\/oasst1$/i, "2023-04"],
  [/^timdettmers\/openassistant-guanaco$/i, "2023-05"],
  [/^EleutherAI\/hendrycks_math$/i, "2023-08..2023-12"],
  [/^HuggingFaceH4\/(ultrachat_200k|ultrafeedback_binarized)$/i, "2023-10"],
  [/^wikimedia\/wikipedia$/i, "2023-12"],
  [/^lerobot\//i, "2024-03..2024-05"],
  [/^sentence-transformers\/all-nli$/i, "2024-04..2024-05"],
  [/^autogluon\/chronos_datasets$/i, "2024-04..2024-06"],
  [/^HuggingFaceFW\/fineweb-edu$/i, "2024-05..2024-06"],
];

/** The static demo spaces are this hub's own; the windows only keep them after the formats they show. */
const SPACE_RULES: Rule[] = [
  [/^Xenova\/the-tokenizer-playground$/i, "2023-06"],
  [/^ggml-org\/gguf-size-calculator$/i, "2024-01..2025-03"], // GGUF exists since 2023-08
  [/^huggingface-projects\/chat-template-previewer$/i, "2023-10..2024-12"], // chat templates: 2023-09
  [/^Qwen\/context-budget$/i, "2024-10..2025-06"],
  [/^openai\/temperature-explorer$/i, "2025-08..2025-10"],
  [/^evaluate-metric\//i, "2022-06..2023-06"],
  [/^scikit-learn\//i, "2022-07..2023-12"],
  [/^(cardiffnlp|sentence-transformers|bertviz|timm|speechbrain)\//i, "2022-06..2024-12"],
  [/^(huggingface|huggingface-projects|datasets-community|modelhub-demo)\//i, "2022-09..2025-06"],
];

const RULES: Record<RepoType, Rule[]> = {
  model: MODEL_RULES,
  dataset: DATASET_RULES,
  space: SPACE_RULES,
  kernel: [],
};

export interface ReleaseWindow {
  /** First instant of the first month. */
  from: number;
  /** First instant after the last month. */
  to: number;
  /** The `YYYY-MM` or `YYYY-MM..YYYY-MM` text of the rule. */
  when: string;
}

function monthStart(text: string): number {
  const match = /^(\d{4})-(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`release month must be YYYY-MM: ${text}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
}

function parseWhen(when: string): ReleaseWindow {
  const [first, last = first] = when.split("..");
  const from = monthStart(first);
  const lastStart = monthStart(last);
  const to = Date.UTC(new Date(lastStart).getUTCFullYear(), new Date(lastStart).getUTCMonth() + 1, 1);
  if (to <= from) throw new Error(`empty release window: ${when}`);
  return { from, to, when };
}

/** The release month (or window) the table gives a repo id, if any rule matches. */
export function releaseWindow(type: RepoType, id: string): ReleaseWindow | undefined {
  const rule = RULES[type].find(([pattern]) => pattern.test(id));
  return rule ? parseWhen(rule[1]) : undefined;
}

export interface DatedRepo {
  type: RepoType;
  id: string;
  /** Repos this one builds on (base model, training data, demoed models): it is created after them. */
  after?: { type: RepoType; id: string }[];
}

export function dateKey(type: RepoType, id: string): string {
  return `${type}:${id}`;
}

/** A whole-second instant inside the window, picked by a hash of the key. */
function pointIn(window: { from: number; to: number }, key: string): number {
  const days = Math.max(1, Math.floor((window.to - window.from) / DAY_MS));
  const day = hashText(`${key}#created`) % days;
  const second = hashText(`${key}#created-time`) % 86_400;
  return window.from + day * DAY_MS + second * 1000;
}

/**
 * How long after the repo it builds on a repo appears when its own date fell earlier: minutes to
 * hours for a checkpoint of the same release (base and instruct models ship together), a day to
 * ten days for a derivative made later (quantisations, ports, fine-tunes).
 */
function followDelay(key: string, own: ReleaseWindow | undefined, dep: ReleaseWindow | undefined): number {
  const hash = hashText(`${key}#after`);
  if (own && dep && own.when === dep.when) return (10 * 60 + (hash % (6 * 3600))) * 1000;
  return DAY_MS + (hash % (9 * 86_400)) * 1000;
}

/**
 * Creation dates (ISO strings, keyed by `dateKey`) for the given repos: inside their release
 * window, never before HUB_START, and a few days after everything they build on. Repos named in
 * `after` but absent from `repos` count with their table date, when the table knows them.
 * Pure and deterministic.
 */
export function createdDates(repos: DatedRepo[]): Map<string, string> {
  const byKey = new Map(repos.map((repo) => [dateKey(repo.type, repo.id), repo]));
  const memo = new Map<string, number | undefined>();

  const resolve = (type: RepoType, id: string, trail: Set<string>): number | undefined => {
    const key = dateKey(type, id);
    if (memo.has(key)) return memo.get(key);
    const repo = byKey.get(key);
    const window = releaseWindow(type, id);
    if (!repo && !window) return undefined;
    let created = Math.max(HUB_START, pointIn(window ?? parseWhen(FALLBACK[type]), key));
    if (repo && !trail.has(key)) {
      trail.add(key);
      for (const dep of repo.after ?? []) {
        const depCreated = resolve(dep.type, dep.id, trail);
        if (depCreated === undefined || created > depCreated) continue;
        created = depCreated + followDelay(key, window, releaseWindow(dep.type, dep.id));
      }
      trail.delete(key);
    }
    created = Math.floor(created / 1000) * 1000;
    memo.set(key, created);
    return created;
  };

  const result = new Map<string, string>();
  for (const repo of repos) {
    const created = resolve(repo.type, repo.id, new Set());
    if (created !== undefined) result.set(dateKey(repo.type, repo.id), new Date(created).toISOString());
  }
  return result;
}
