import { libraryRegistry } from "../snippets/generator.js";

export const SORTS = [
  { value: "trendingScore", label: "Trending" },
  { value: "downloads", label: "Most downloads" },
  { value: "likes", label: "Most likes" },
  { value: "lastModified", label: "Recently updated" },
] as const;

export const LANGUAGES: { value: string; label: string }[] = [
  { value: "en", label: "English" },
  { value: "zh", label: "Chinese" },
  { value: "fr", label: "French" },
  { value: "es", label: "Spanish" },
  { value: "de", label: "German" },
  { value: "ja", label: "Japanese" },
  { value: "ru", label: "Russian" },
  { value: "ar", label: "Arabic" },
  { value: "pt", label: "Portuguese" },
  { value: "hi", label: "Hindi" },
  { value: "ko", label: "Korean" },
  { value: "multilingual", label: "Multilingual" },
];

export const LICENSES: { value: string; label: string }[] = [
  { value: "apache-2.0", label: "Apache 2.0" },
  { value: "mit", label: "MIT" },
  { value: "cc-by-4.0", label: "CC BY 4.0" },
  { value: "cc-by-sa-4.0", label: "CC BY-SA 4.0" },
  { value: "cc-by-nc-4.0", label: "CC BY-NC 4.0" },
  { value: "openrail", label: "OpenRAIL" },
  { value: "llama3.1", label: "Llama 3.1" },
  { value: "gemma", label: "Gemma" },
  { value: "bsd-3-clause", label: "BSD 3-Clause" },
  { value: "other", label: "Other" },
];

const COMMON_LIBRARIES = [
  "transformers",
  "diffusers",
  "sentence-transformers",
  "gguf",
  "peft",
  "timm",
  "transformers.js",
  "mlx",
  "onnx",
  "sklearn",
  "keras",
  "spacy",
];

/** Libraries offered as filters: the registry's (when present) led by the most common ones. */
export function libraryChoices(): { value: string; label: string }[] {
  const registry = libraryRegistry();
  const keys = Object.keys(registry);
  const ordered = keys.length ? [...COMMON_LIBRARIES.filter((k) => registry[k]), ...keys.filter((k) => !COMMON_LIBRARIES.includes(k)).sort()] : COMMON_LIBRARIES;
  return ordered.map((key) => ({ value: key, label: registry[key]?.prettyLabel ?? key }));
}

export const SPACE_SDKS = ["static", "gradio", "streamlit", "docker"];
