import { attentionHeatmap, confusionMatrix, imageFilters, kMeansPlayground, learningRateSchedule, lifeAutomaton, logisticBoundary, softmaxTemperature } from "./ml-demos.js";
import { bagOfWordsSimilarity, markdownPreviewer, ngramOverlap, regexTester, sentimentLexicon, tokenizerPlayground, wordDiff } from "./text-demos.js";
import { cardMetadataBuilder, chatTemplatePreview, contextCostCalculator, csvExplorer, ggufSizeCalculator, paletteGenerator, toneGenerator } from "./tool-demos.js";

export interface SpaceRow {
  id: string;
  title: string;
  emoji: string;
  colorFrom: string;
  colorTo: string;
  license: string;
  shortDescription: string;
  models?: string[];
  datasets?: string[];
  html: () => string;
}

export const SPACES: SpaceRow[] = [
  { id: "Xenova/the-tokenizer-playground", title: "The Tokenizer Playground", emoji: "🔠", colorFrom: "blue", colorTo: "purple", license: "mit", shortDescription: "Watch text split into subword tokens", models: ["google-bert/bert-base-uncased", "openai-community/gpt2"], html: tokenizerPlayground },
  { id: "evaluate-metric/confusion-matrix-explorer", title: "Confusion Matrix Explorer", emoji: "🧮", colorFrom: "green", colorTo: "blue", license: "apache-2.0", shortDescription: "Precision, recall and F1 from an editable matrix", html: confusionMatrix },
  { id: "huggingface-projects/model-card-previewer", title: "Model Card Previewer", emoji: "📝", colorFrom: "yellow", colorTo: "red", license: "apache-2.0", shortDescription: "Live Markdown preview for model cards", html: markdownPreviewer },
  { id: "modelhub-demo/palette-generator", title: "Palette Generator", emoji: "🎨", colorFrom: "pink", colorTo: "indigo", license: "mit", shortDescription: "Harmonious colour palettes from one base colour", html: paletteGenerator },
  { id: "ggml-org/gguf-size-calculator", title: "GGUF Size Calculator", emoji: "🦙", colorFrom: "gray", colorTo: "green", license: "mit", shortDescription: "File size and memory per quantisation", models: ["bartowski/Llama-3.2-3B-Instruct-GGUF"], html: ggufSizeCalculator },
  { id: "huggingface-projects/chat-template-previewer", title: "Chat Template Previewer", emoji: "💬", colorFrom: "purple", colorTo: "pink", license: "apache-2.0", shortDescription: "See the prompt a chat model really receives", models: ["meta-llama/Llama-3.1-8B-Instruct", "Qwen/Qwen2.5-7B-Instruct"], html: chatTemplatePreview },
  { id: "cardiffnlp/lexicon-sentiment-baseline", title: "Lexicon Sentiment Baseline", emoji: "😊", colorFrom: "green", colorTo: "yellow", license: "cc-by-4.0", shortDescription: "A word-list sentiment scorer to compare with models", models: ["cardiffnlp/twitter-roberta-base-sentiment-latest"], html: sentimentLexicon },
  { id: "sentence-transformers/bag-of-words-similarity", title: "Bag-of-Words Similarity", emoji: "🔗", colorFrom: "indigo", colorTo: "blue", license: "apache-2.0", shortDescription: "Cosine similarity of word counts", models: ["sentence-transformers/all-MiniLM-L6-v2"], html: bagOfWordsSimilarity },
  { id: "evaluate-metric/ngram-overlap", title: "N-gram Overlap", emoji: "📏", colorFrom: "red", colorTo: "yellow", license: "apache-2.0", shortDescription: "A BLEU-style score you can poke at", html: ngramOverlap },
  { id: "datasets-community/regex-cleaner", title: "Regex Cleaner", emoji: "🧹", colorFrom: "gray", colorTo: "blue", license: "mit", shortDescription: "Test cleaning patterns on sample rows", html: regexTester },
  { id: "huggingface-projects/prompt-diff", title: "Prompt Diff", emoji: "🪄", colorFrom: "yellow", colorTo: "green", license: "mit", shortDescription: "Word-level diff of two prompts", html: wordDiff },
  { id: "openai/temperature-explorer", title: "Temperature Explorer", emoji: "🌡️", colorFrom: "red", colorTo: "purple", license: "mit", shortDescription: "How temperature and top-p reshape sampling", models: ["openai/gpt-oss-20b"], html: softmaxTemperature },
  { id: "huggingface/lr-schedule-plotter", title: "LR Schedule Plotter", emoji: "📉", colorFrom: "blue", colorTo: "green", license: "apache-2.0", shortDescription: "Warm-up and decay curves for fine-tuning", html: learningRateSchedule },
  { id: "scikit-learn/kmeans-playground", title: "k-means Playground", emoji: "🎯", colorFrom: "yellow", colorTo: "indigo", license: "bsd-3-clause", shortDescription: "Step through clustering by hand", html: kMeansPlayground },
  { id: "scikit-learn/decision-boundary", title: "Decision Boundary", emoji: "🧭", colorFrom: "green", colorTo: "pink", license: "bsd-3-clause", shortDescription: "Logistic regression on points you place", datasets: ["scikit-learn/iris"], html: logisticBoundary },
  { id: "bertviz/attention-patterns", title: "Attention Patterns", emoji: "👀", colorFrom: "purple", colorTo: "blue", license: "apache-2.0", shortDescription: "Toy attention heads as heatmaps", html: attentionHeatmap },
  { id: "timm/convolution-kernels", title: "Convolution Kernels", emoji: "🖼️", colorFrom: "pink", colorTo: "yellow", license: "apache-2.0", shortDescription: "Blur, sharpen and edge filters on the fly", models: ["timm/resnet50.a1_in1k"], html: imageFilters },
  { id: "modelhub-demo/game-of-life", title: "Game of Life", emoji: "🧬", colorFrom: "indigo", colorTo: "green", license: "mit", shortDescription: "Emergence from four simple rules", html: lifeAutomaton },
  { id: "Qwen/context-budget", title: "Context Budget", emoji: "📦", colorFrom: "blue", colorTo: "indigo", license: "apache-2.0", shortDescription: "Will your documents fit in the window?", models: ["Qwen/Qwen2.5-7B-Instruct"], html: contextCostCalculator },
  { id: "datasets-community/csv-explorer", title: "CSV Explorer", emoji: "📊", colorFrom: "green", colorTo: "gray", license: "mit", shortDescription: "Column types and stats for pasted CSV", datasets: ["scikit-learn/iris"], html: csvExplorer },
  { id: "huggingface-projects/card-metadata-builder", title: "Card Metadata Builder", emoji: "🏷️", colorFrom: "red", colorTo: "blue", license: "apache-2.0", shortDescription: "Generate README front matter from a form", html: cardMetadataBuilder },
  { id: "speechbrain/tone-lab", title: "Tone Lab", emoji: "🔊", colorFrom: "yellow", colorTo: "purple", license: "apache-2.0", shortDescription: "Synthesise tones and see their waveforms", models: ["speechbrain/asr-wav2vec2-commonvoice-en"], html: toneGenerator },
];
