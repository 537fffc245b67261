/**
 * Class names that model records may ask snippets to import. They come from the record (config,
 * transformersInfo), so only names on these lists are ever written as code.
 */

const AUTO_MODEL_HEADS = [
  "AudioClassification",
  "AudioFrameClassification",
  "AudioTokenization",
  "AudioXVector",
  "CausalLM",
  "CTC",
  "DepthEstimation",
  "DocumentQuestionAnswering",
  "ImageClassification",
  "ImageSegmentation",
  "ImageTextToText",
  "ImageToImage",
  "InstanceSegmentation",
  "KeypointDetection",
  "KeypointMatching",
  "MaskedImageModeling",
  "MaskedLM",
  "MaskGeneration",
  "MultimodalLM",
  "MultipleChoice",
  "NextSentencePrediction",
  "ObjectDetection",
  "PreTraining",
  "QuestionAnswering",
  "SemanticSegmentation",
  "Seq2SeqLM",
  "SequenceClassification",
  "SpeechSeq2Seq",
  "TableQuestionAnswering",
  "TextEncoding",
  "TextToSpectrogram",
  "TextToWaveform",
  "TimeSeriesPrediction",
  "TokenClassification",
  "UniversalSegmentation",
  "VideoClassification",
  "Vision2Seq",
  "VisualQuestionAnswering",
  "ZeroShotImageClassification",
  "ZeroShotObjectDetection",
];

/** transformers auto model classes (PyTorch, TensorFlow and Flax flavours). */
export const TRANSFORMERS_AUTO_MODELS: ReadonlySet<string> = new Set(
  ["", "TF", "Flax"].flatMap((prefix) => [
    `${prefix}AutoModel`,
    ...AUTO_MODEL_HEADS.map((head) => `${prefix}AutoModelFor${head}`),
  ]),
);

/** transformers auto preprocessing classes. */
export const TRANSFORMERS_PROCESSORS: ReadonlySet<string> = new Set([
  "AutoTokenizer",
  "AutoProcessor",
  "AutoImageProcessor",
  "AutoFeatureExtractor",
  "AutoVideoProcessor",
]);

/** KerasHub task classes (`keras_hub.models.<Task>`). */
export const KERAS_HUB_TASKS: ReadonlySet<string> = new Set([
  "AudioToText",
  "CausalLM",
  "DepthEstimator",
  "ImageClassifier",
  "ImageObjectDetector",
  "ImageSegmenter",
  "ImageTextDetector",
  "ImageToImage",
  "Inpaint",
  "MaskedLM",
  "ObjectDetector",
  "Seq2SeqLM",
  "TextClassifier",
  "TextToImage",
]);
