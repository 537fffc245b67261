import { filterableLibraries } from "../../lib/snippets/generator.js";

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
];

/** Libraries offered as filters: the registry's filterable ones, the most common first. */
export function libraryChoices(): { value: string; label: string }[] {
  const all = filterableLibraries();
  const rank = (key: string) => {
    const index = COMMON_LIBRARIES.indexOf(key);
    return index === -1 ? COMMON_LIBRARIES.length : index;
  };
  return [...all].sort((a, b) => rank(a.value) - rank(b.value) || a.label.localeCompare(b.label));
}

export const SPACE_SDKS = ["static", "gradio", "streamlit", "docker"];
