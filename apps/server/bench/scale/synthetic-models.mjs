// Deterministic synthetic model catalogue for the scale benchmark: realistic ids, tasks, libraries,
// tags, power-law downloads and card front matter. Pure functions; loading lives in load.mjs.
import { MODEL_LIBRARIES_UI_ELEMENTS, PIPELINE_TYPES } from "@modelhub/tasks";

/** Small fast PRNG (mulberry32) so the same seed always gives the same catalogue. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/** Index drawn with probability ∝ 1 / (i + 1)^s (Zipf), by inverse CDF over precomputed weights. */
function zipfSampler(n, s) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / Math.pow(i + 1, s);
  return (random) => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

// Popular first; the remaining pipeline types follow in catalogue order and share the long tail.
const POPULAR_TASKS = [
  "text-generation",
  "text-classification",
  "feature-extraction",
  "sentence-similarity",
  "automatic-speech-recognition",
  "text-to-image",
  "image-classification",
  "token-classification",
  "image-text-to-text",
  "fill-mask",
  "translation",
  "summarization",
  "question-answering",
  "object-detection",
  "text-to-speech",
  "image-segmentation",
];
const POPULAR_LIBRARIES = [
  "transformers",
  "sentence-transformers",
  "gguf",
  "diffusers",
  "peft",
  "timm",
  "mlx",
  "onnx",
  "transformers.js",
  "setfit",
  "keras",
  "espnet",
  "speechbrain",
  "pyannote-audio",
  "spacy",
  "flair",
  "ultralytics",
  "open_clip",
  "fastai",
  "stable-baselines3",
  "sklearn",
];
const TASK_LIBRARY_HINTS = {
  "text-to-image": ["diffusers", "diffusers", "diffusion-single-file"],
  "sentence-similarity": ["sentence-transformers", "sentence-transformers", "transformers"],
  "feature-extraction": ["sentence-transformers", "transformers", "transformers.js"],
  "object-detection": ["ultralytics", "transformers", "timm"],
  "image-classification": ["timm", "transformers", "keras"],
  "automatic-speech-recognition": ["transformers", "espnet", "speechbrain", "nemo"],
  "reinforcement-learning": ["stable-baselines3", "ml-agents", "sample-factory"],
  "text-generation": ["transformers", "transformers", "gguf", "peft", "mlx"],
};
const FAMILIES = {
  "text-generation": [
    "llama",
    "mistral",
    "qwen",
    "gemma",
    "phi",
    "falcon",
    "gpt2",
    "opt",
    "bloom",
    "pythia",
    "olmo",
    "smollm",
    "granite",
  ],
  "text-classification": ["bert", "roberta", "deberta", "distilbert", "electra", "xlm-roberta", "albert"],
  "automatic-speech-recognition": ["whisper", "wav2vec2", "hubert", "parakeet", "conformer"],
  "text-to-image": ["stable-diffusion", "sdxl", "flux", "kandinsky", "pixart"],
  "image-classification": ["vit", "resnet", "convnext", "efficientnet", "swin", "deit", "beit"],
  "sentence-similarity": ["all-minilm", "mpnet", "e5", "bge", "gte", "nomic-embed"],
  "object-detection": ["detr", "yolo", "rtdetr", "owlvit"],
  translation: ["opus-mt", "marian", "nllb", "m2m100", "mbart"],
  summarization: ["bart", "pegasus", "t5", "led"],
};
const GENERIC_FAMILIES = [
  "bert",
  "t5",
  "roberta",
  "vit",
  "clip",
  "gpt2",
  "llama",
  "whisper",
  "mamba",
  "blip",
  "segformer",
  "dinov2",
];
const VERSIONS = ["", "", "", "-2", "-3", "-3.1", "-v2", "-v1.5", "2", "-2.5", "-4"];
const SIZES = [
  "-tiny",
  "-small",
  "-base",
  "-large",
  "-xl",
  "-125m",
  "-350m",
  "-1b",
  "-1.5b",
  "-3b",
  "-7b",
  "-8b",
  "-13b",
  "-70b",
  "",
];
const SUFFIXES = [
  "",
  "",
  "",
  "",
  "-instruct",
  "-chat",
  "-uncased",
  "-cased",
  "-finetuned-squad",
  "-finetuned-imdb",
  "-sst2",
  "-ner",
  "-gguf",
  "-awq",
  "-gptq",
  "-lora",
  "-fr",
  "-de",
  "-es",
  "-ja",
  "-multilingual",
  "-distilled",
  "-onnx",
  "-4bit",
  "-mlx",
  "-dpo",
  "-sft",
];
const ORG_HEADS = [
  "open",
  "deep",
  "neural",
  "bright",
  "tiny",
  "fast",
  "quantum",
  "lang",
  "vision",
  "audio",
  "data",
  "nova",
  "polar",
  "blue",
  "north",
  "iron",
  "silver",
  "clever",
  "alpine",
  "coral",
];
const ORG_TAILS = [
  "ai",
  "labs",
  "research",
  "nlp",
  "ml",
  "models",
  "works",
  "hub",
  "collective",
  "group",
  "lab",
  "tech",
];
const PEOPLE = [
  "maria",
  "jchen",
  "akumar",
  "sofia",
  "liam",
  "nora",
  "tkato",
  "emre",
  "ana",
  "pierre",
  "olga",
  "yuki",
  "omar",
  "lena",
  "ravi",
  "sam",
  "zoe",
  "ivan",
  "mei",
  "diego",
];
const LANGUAGES = [
  "en",
  "en",
  "en",
  "fr",
  "de",
  "es",
  "zh",
  "ja",
  "multilingual",
  "ar",
  "ru",
  "pt",
  "it",
  "ko",
  "hi",
];
const LICENSES = [
  "apache-2.0",
  "mit",
  "cc-by-4.0",
  "llama3.1",
  "gemma",
  "openrail",
  "cc-by-nc-4.0",
  "bsd-3-clause",
  "other",
];
const DATASETS = [
  "wikitext",
  "imdb",
  "squad",
  "glue",
  "common_voice",
  "librispeech_asr",
  "laion/laion2B-en",
  "c4",
  "openwebtext",
  "mnist",
  "cifar10",
  "coco",
];
const EXTRA_TAGS = [
  "safetensors",
  "pytorch",
  "text-generation-inference",
  "endpoints_compatible",
  "conversational",
  "region:us",
  "4-bit",
  "autotrain_compatible",
];

/** Owner names: organisations and people, unique, heavy-tailed number of models each. */
function makeOwners(count, random) {
  const names = new Set();
  while (names.size < count) {
    const org = random() < 0.55;
    let name = org
      ? `${pick(random, ORG_HEADS)}-${pick(random, ORG_TAILS)}`
      : `${pick(random, PEOPLE)}${Math.floor(random() * 1000)}`;
    if (names.has(name)) name = `${name}-${names.size}`;
    names.add(name);
  }
  return [...names];
}

const DAY_MS = 86_400_000;

/**
 * Yields `count` model records ({owner, name, task, library, tags, cardData, downloads30d,
 * downloadsAllTime, likes, createdAt, lastModified, sha}). Downloads follow a power law: a handful of
 * models have millions, most have a few or none.
 */
export function* syntheticModels(count, seed = 42) {
  const random = rng(seed);
  const libraryKeys = new Set(Object.keys(MODEL_LIBRARIES_UI_ELEMENTS));
  const tasks = [
    ...POPULAR_TASKS.filter((t) => PIPELINE_TYPES.includes(t)),
    ...PIPELINE_TYPES.filter((t) => !POPULAR_TASKS.includes(t)),
  ];
  const libraries = [
    ...POPULAR_LIBRARIES.filter((l) => libraryKeys.has(l)),
    ...[...libraryKeys].filter((l) => !POPULAR_LIBRARIES.includes(l)),
  ];
  const taskOf = zipfSampler(tasks.length, 1.1);
  const libraryOf = zipfSampler(libraries.length, 1.3);
  const owners = makeOwners(Math.max(10, Math.round(count / 12)), random);
  const ownerOf = zipfSampler(owners.length, 0.9);
  const used = new Set();
  const start = Date.UTC(2021, 0, 1);
  const span = Date.UTC(2026, 9, 1) - start;

  for (let i = 0; i < count; i++) {
    const task = tasks[taskOf(random)];
    const hinted = TASK_LIBRARY_HINTS[task];
    let library = hinted && random() < 0.7 ? pick(random, hinted) : libraries[libraryOf(random)];
    if (!libraryKeys.has(library)) library = "transformers";
    const owner = owners[ownerOf(random)];
    const family = pick(random, FAMILIES[task] ?? GENERIC_FAMILIES);
    const version = pick(random, VERSIONS);
    const joiner = /\d$/.test(family) && /^\d/.test(version) ? "-" : "";
    let name = `${family}${joiner}${version}${pick(random, SIZES)}${pick(random, SUFFIXES)}`;
    while (used.has(`${owner}/${name}`.toLowerCase()))
      name = `${name.replace(/-r\d+$/, "")}-r${Math.floor(random() * 10_000)}`;
    used.add(`${owner}/${name}`.toLowerCase());

    // Pareto tail: downloads ≈ 10 / u^1.6 for u uniform in (0, 1], capped at 80M.
    const u = Math.max(random(), 1e-9);
    const downloads30d = random() < 0.35 ? 0 : Math.min(80_000_000, Math.floor(10 / Math.pow(u, 1.6)) - 10);
    const downloadsAllTime = downloads30d * (1 + Math.floor(random() * 12)) + Math.floor(random() * 50);
    const likes = Math.floor(Math.sqrt(downloads30d) * random() * 0.5);
    const language = pick(random, LANGUAGES);
    const license = pick(random, LICENSES);
    const dataset = random() < 0.4 ? pick(random, DATASETS) : undefined;
    const tags = [library, task, `license:${license}`, language];
    if (dataset) tags.push(`dataset:${dataset}`);
    for (const extra of EXTRA_TAGS) if (random() < 0.25) tags.push(extra);
    const created = start + Math.floor(random() * span);
    const modified = Math.min(created + Math.floor(random() * 400 * DAY_MS), start + span);
    const cardData = {
      license,
      language: [language],
      library_name: library,
      pipeline_tag: task,
      tags: tags.filter((t) => EXTRA_TAGS.includes(t)),
      ...(dataset ? { datasets: [dataset] } : {}),
    };
    const card = cardText(owner, name, task, library, license, dataset);
    yield {
      owner,
      name,
      task,
      library,
      tags: [...new Set(tags)],
      cardData,
      card,
      downloads30d,
      downloadsAllTime,
      likes,
      createdAt: new Date(created).toISOString(),
      lastModified: new Date(modified).toISOString(),
      sha: hex40(random),
      readmeSize: card.length,
    };
  }
}

function hex40(random) {
  let out = "";
  for (let i = 0; i < 5; i++)
    out += Math.floor(random() * 0xffffffff)
      .toString(16)
      .padStart(8, "0");
  return out;
}

/** README body of a synthetic model. The database keeps only its front matter (cardData), as the hub does. */
function cardText(owner, name, task, library, license, dataset) {
  return (
    `# ${name}\n\n${name} is a ${task.replace(/-/g, " ")} model published by ${owner}, usable with ${library}.` +
    `${dataset ? ` It was trained on ${dataset}.` : ""} Released under ${license}.\n\n## Intended uses\n\n` +
    `Use it for ${task.replace(/-/g, " ")} research and prototypes; evaluate it on your own data first.\n`
  );
}
