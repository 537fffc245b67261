import type { Modality } from "./modalities.js";

export interface SubTask {
  /** Sub-task id as used in dataset and model tags, e.g. "named-entity-recognition". */
  type: string;
  name: string;
}

export interface PipelineInfo {
  name: string;
  modality: Modality;
  subtasks?: SubTask[];
  color?: "blue" | "green" | "indigo" | "orange" | "red" | "yellow";
  /** Not offered as a model filter (dataset-only task). */
  hideInModels?: boolean;
  /** Not offered as a dataset filter (model-only task). */
  hideInDatasets?: boolean;
}

const sub = (...pairs: [string, string][]): SubTask[] => pairs.map(([type, name]) => ({ type, name }));

/** Vision-language generation tasks: offered as model filters only (datasets are tagged by their parts). */
const modelOnlyMultimodal = (name: string) =>
  ({ name, modality: "multimodal", color: "red", hideInDatasets: true }) as const satisfies PipelineInfo;

/**
 * Every pipeline (task) id the Hub knows, in display order within each modality.
 * Adding a task: add it here; `PipelineType` and `PIPELINE_TYPES` follow automatically.
 */
export const PIPELINE_DATA = {
  "text-classification": {
    name: "Text Classification",
    modality: "nlp",
    color: "orange",
    subtasks: sub(
      ["acceptability-classification", "Acceptability Classification"],
      ["entity-linking-classification", "Entity Linking Classification"],
      ["fact-checking", "Fact Checking"],
      ["intent-classification", "Intent Classification"],
      ["language-identification", "Language Identification"],
      ["multi-class-classification", "Multi Class Classification"],
      ["multi-label-classification", "Multi Label Classification"],
      ["multi-input-text-classification", "Multi-input Text Classification"],
      ["natural-language-inference", "Natural Language Inference"],
      ["semantic-similarity-classification", "Semantic Similarity Classification"],
      ["sentiment-classification", "Sentiment Classification"],
      ["topic-classification", "Topic Classification"],
      ["semantic-similarity-scoring", "Semantic Similarity Scoring"],
      ["sentiment-scoring", "Sentiment Scoring"],
      ["sentiment-analysis", "Sentiment Analysis"],
      ["hate-speech-detection", "Hate Speech Detection"],
      ["text-scoring", "Text Scoring"],
    ),
  },
  "token-classification": {
    name: "Token Classification",
    modality: "nlp",
    color: "blue",
    subtasks: sub(
      ["named-entity-recognition", "Named Entity Recognition"],
      ["part-of-speech", "Part of Speech"],
      ["parsing", "Parsing"],
      ["lemmatization", "Lemmatization"],
      ["word-sense-disambiguation", "Word Sense Disambiguation"],
      ["coreference-resolution", "Coreference-resolution"],
    ),
  },
  "table-question-answering": { name: "Table Question Answering", modality: "nlp", color: "green" },
  "question-answering": {
    name: "Question Answering",
    modality: "nlp",
    color: "blue",
    subtasks: sub(
      ["extractive-qa", "Extractive QA"],
      ["open-domain-qa", "Open Domain QA"],
      ["closed-domain-qa", "Closed Domain QA"],
    ),
  },
  "zero-shot-classification": { name: "Zero-Shot Classification", modality: "nlp", color: "yellow" },
  translation: { name: "Translation", modality: "nlp", color: "green" },
  summarization: {
    name: "Summarization",
    modality: "nlp",
    color: "indigo",
    subtasks: sub(
      ["news-articles-summarization", "News Articles Summarization"],
      ["news-articles-headline-generation", "News Articles Headline Generation"],
    ),
  },
  "feature-extraction": { name: "Feature Extraction", modality: "nlp", color: "red" },
  "text-generation": {
    name: "Text Generation",
    modality: "nlp",
    color: "indigo",
    subtasks: sub(
      ["dialogue-modeling", "Dialogue Modeling"],
      ["dialogue-generation", "Dialogue Generation"],
      ["conversational", "Conversational"],
      ["language-modeling", "Language Modeling"],
      ["text-simplification", "Text simplification"],
      ["explanation-generation", "Explanation Generation"],
      ["abstractive-qa", "Abstractive QA"],
      ["open-domain-abstractive-qa", "Open Domain Abstractive QA"],
      ["closed-domain-qa", "Closed Domain QA"],
      ["open-book-qa", "Open Book QA"],
      ["closed-book-qa", "Closed Book QA"],
      ["text2text-generation", "Text2Text Generation"],
    ),
  },
  "fill-mask": {
    name: "Fill-Mask",
    modality: "nlp",
    color: "red",
    subtasks: sub(["slot-filling", "Slot Filling"], ["masked-language-modeling", "Masked Language Modeling"]),
  },
  "sentence-similarity": { name: "Sentence Similarity", modality: "nlp", color: "yellow" },
  "text-ranking": { name: "Text Ranking", modality: "nlp", color: "red" },
  "text-to-speech": { name: "Text-to-Speech", modality: "audio", color: "yellow" },
  "text-to-audio": { name: "Text-to-Audio", modality: "audio", color: "yellow" },
  "automatic-speech-recognition": {
    name: "Automatic Speech Recognition",
    modality: "audio",
    color: "yellow",
  },
  "audio-to-audio": { name: "Audio-to-Audio", modality: "audio", color: "blue" },
  "audio-classification": {
    name: "Audio Classification",
    modality: "audio",
    color: "green",
    subtasks: sub(
      ["keyword-spotting", "Keyword Spotting"],
      ["speaker-identification", "Speaker Identification"],
      ["audio-intent-classification", "Audio Intent Classification"],
      ["audio-emotion-recognition", "Audio Emotion Recognition"],
      ["audio-language-identification", "Audio Language Identification"],
    ),
  },
  "audio-text-to-text": {
    name: "Audio-Text-to-Text",
    modality: "multimodal",
    color: "red",
    hideInDatasets: true,
  },
  "voice-activity-detection": { name: "Voice Activity Detection", modality: "audio", color: "red" },
  "depth-estimation": { name: "Depth Estimation", modality: "cv", color: "yellow" },
  "image-classification": {
    name: "Image Classification",
    modality: "cv",
    color: "blue",
    subtasks: sub(
      ["multi-label-image-classification", "Multi Label Image Classification"],
      ["multi-class-image-classification", "Multi Class Image Classification"],
    ),
  },
  "object-detection": {
    name: "Object Detection",
    modality: "cv",
    color: "yellow",
    subtasks: sub(["face-detection", "Face Detection"], ["vehicle-detection", "Vehicle Detection"]),
  },
  "image-segmentation": {
    name: "Image Segmentation",
    modality: "cv",
    color: "green",
    subtasks: sub(
      ["instance-segmentation", "Instance Segmentation"],
      ["semantic-segmentation", "Semantic Segmentation"],
      ["panoptic-segmentation", "Panoptic Segmentation"],
    ),
  },
  "text-to-image": { name: "Text-to-Image", modality: "cv", color: "yellow" },
  "image-to-text": {
    name: "Image-to-Text",
    modality: "cv",
    color: "red",
    subtasks: sub(["image-captioning", "Image Captioning"]),
  },
  "image-to-image": {
    name: "Image-to-Image",
    modality: "cv",
    color: "indigo",
    subtasks: sub(
      ["image-inpainting", "Image Inpainting"],
      ["image-colorization", "Image Colorization"],
      ["super-resolution", "Super Resolution"],
    ),
  },
  "image-to-video": { name: "Image-to-Video", modality: "cv", color: "indigo" },
  "unconditional-image-generation": {
    name: "Unconditional Image Generation",
    modality: "cv",
    color: "green",
  },
  "video-classification": { name: "Video Classification", modality: "cv", color: "blue" },
  "reinforcement-learning": { name: "Reinforcement Learning", modality: "rl", color: "red" },
  robotics: {
    name: "Robotics",
    modality: "rl",
    color: "blue",
    subtasks: sub(["grasping", "Grasping"], ["task-planning", "Task Planning"]),
  },
  "tabular-classification": {
    name: "Tabular Classification",
    modality: "tabular",
    color: "blue",
    subtasks: sub(
      ["tabular-multi-class-classification", "Tabular Multi Class Classification"],
      ["tabular-multi-label-classification", "Tabular Multi Label Classification"],
    ),
  },
  "tabular-regression": {
    name: "Tabular Regression",
    modality: "tabular",
    color: "blue",
    subtasks: sub(["tabular-single-column-regression", "Tabular Single Column Regression"]),
  },
  "tabular-to-text": {
    name: "Tabular to Text",
    modality: "tabular",
    color: "blue",
    subtasks: sub(["rdf-to-text", "RDF to text"]),
    hideInModels: true,
  },
  "table-to-text": { name: "Table to Text", modality: "nlp", color: "blue", hideInModels: true },
  "multiple-choice": {
    name: "Multiple Choice",
    modality: "nlp",
    color: "blue",
    subtasks: sub(
      ["multiple-choice-qa", "Multiple Choice QA"],
      ["multiple-choice-coreference-resolution", "Multiple Choice Coreference Resolution"],
    ),
    hideInModels: true,
  },
  "text-retrieval": {
    name: "Text Retrieval",
    modality: "nlp",
    color: "indigo",
    subtasks: sub(
      ["document-retrieval", "Document Retrieval"],
      ["utterance-retrieval", "Utterance Retrieval"],
      ["entity-linking-retrieval", "Entity Linking Retrieval"],
      ["fact-checking-retrieval", "Fact Checking Retrieval"],
    ),
    hideInModels: true,
  },
  "time-series-forecasting": {
    name: "Time Series Forecasting",
    modality: "tabular",
    color: "blue",
    subtasks: sub(
      ["univariate-time-series-forecasting", "Univariate Time Series Forecasting"],
      ["multivariate-time-series-forecasting", "Multivariate Time Series Forecasting"],
    ),
  },
  "text-to-video": { name: "Text-to-Video", modality: "cv", color: "green" },
  "image-text-to-text": modelOnlyMultimodal("Image-Text-to-Text"),
  "image-text-to-image": modelOnlyMultimodal("Image-Text-to-Image"),
  "image-text-to-video": modelOnlyMultimodal("Image-Text-to-Video"),
  "visual-question-answering": {
    name: "Visual Question Answering",
    modality: "multimodal",
    color: "red",
    subtasks: sub(["visual-question-answering", "Visual Question Answering"]),
  },
  "document-question-answering": {
    name: "Document Question Answering",
    modality: "multimodal",
    color: "blue",
    hideInDatasets: true,
  },
  "zero-shot-image-classification": {
    name: "Zero-Shot Image Classification",
    modality: "cv",
    color: "yellow",
  },
  "graph-ml": { name: "Graph Machine Learning", modality: "other", color: "green" },
  "mask-generation": { name: "Mask Generation", modality: "cv", color: "indigo" },
  "zero-shot-object-detection": { name: "Zero-Shot Object Detection", modality: "cv", color: "yellow" },
  "text-to-3d": { name: "Text-to-3D", modality: "cv", color: "yellow" },
  "image-to-3d": { name: "Image-to-3D", modality: "cv", color: "green" },
  "image-feature-extraction": { name: "Image Feature Extraction", modality: "cv", color: "indigo" },
  "video-text-to-text": {
    name: "Video-Text-to-Text",
    modality: "multimodal",
    color: "blue",
    hideInDatasets: false,
  },
  "keypoint-detection": {
    name: "Keypoint Detection",
    modality: "cv",
    color: "red",
    subtasks: sub(["pose-estimation", "Pose Estimation"]),
  },
  "visual-document-retrieval": { name: "Visual Document Retrieval", modality: "multimodal", color: "yellow" },
  "any-to-any": { name: "Any-to-Any", modality: "multimodal", color: "yellow" },
  "video-to-video": { name: "Video-to-Video", modality: "cv", color: "blue", hideInDatasets: true },
  other: { name: "Other", modality: "other", color: "blue", hideInModels: true, hideInDatasets: true },
} as const satisfies Record<string, PipelineInfo>;
