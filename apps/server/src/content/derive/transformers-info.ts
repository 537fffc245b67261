export interface TransformersInfo {
  auto_model: string;
  pipeline_tag?: string;
  processor?: string;
  custom_class?: string;
}

/** Architecture class suffix → transformers Auto class and the pipeline it serves. Longest suffix first. */
const SUFFIXES: [suffix: string, autoModel: string, pipeline?: string][] = [
  ["ForZeroShotObjectDetection", "AutoModelForZeroShotObjectDetection", "zero-shot-object-detection"],
  [
    "ForZeroShotImageClassification",
    "AutoModelForZeroShotImageClassification",
    "zero-shot-image-classification",
  ],
  ["ForSequenceClassification", "AutoModelForSequenceClassification", "text-classification"],
  ["ForTokenClassification", "AutoModelForTokenClassification", "token-classification"],
  ["ForQuestionAnswering", "AutoModelForQuestionAnswering", "question-answering"],
  ["ForImageClassification", "AutoModelForImageClassification", "image-classification"],
  ["ForAudioClassification", "AutoModelForAudioClassification", "audio-classification"],
  ["ForSemanticSegmentation", "AutoModelForSemanticSegmentation", "image-segmentation"],
  ["ForUniversalSegmentation", "AutoModelForUniversalSegmentation", "image-segmentation"],
  ["ForInstanceSegmentation", "AutoModelForInstanceSegmentation", "image-segmentation"],
  ["ForObjectDetection", "AutoModelForObjectDetection", "object-detection"],
  ["ForDepthEstimation", "AutoModelForDepthEstimation", "depth-estimation"],
  ["ForMaskGeneration", "AutoModelForMaskGeneration", "mask-generation"],
  ["ForImageTextToText", "AutoModelForImageTextToText", "image-text-to-text"],
  ["ForVision2Seq", "AutoModelForVision2Seq", "image-text-to-text"],
  ["ForSpeechSeq2Seq", "AutoModelForSpeechSeq2Seq", "automatic-speech-recognition"],
  ["ForTextToWaveform", "AutoModelForTextToWaveform", "text-to-audio"],
  ["ForTextToSpectrogram", "AutoModelForTextToSpectrogram", "text-to-speech"],
  ["ForCTC", "AutoModelForCTC", "automatic-speech-recognition"],
  ["ForCausalLM", "AutoModelForCausalLM", "text-generation"],
  ["LMHeadModel", "AutoModelForCausalLM", "text-generation"],
  ["ForMaskedLM", "AutoModelForMaskedLM", "fill-mask"],
  ["ForMultipleChoice", "AutoModelForMultipleChoice"],
  ["ForPreTraining", "AutoModelForPreTraining"],
  ["ForNextSentencePrediction", "AutoModelForNextSentencePrediction"],
];

const SPEECH_TYPES = new Set(["whisper", "speech_to_text", "speech_encoder_decoder", "seamless_m4t"]);

export interface TransformersInputs {
  architectures: string[];
  modelType?: string;
  hasVisionConfig: boolean;
  hasTokenizer: boolean;
  hasImageProcessor: boolean;
  hasFeatureExtractor: boolean;
  hasProcessorConfig: boolean;
  autoMap?: Record<string, unknown>;
}

function conditionalGeneration(inputs: TransformersInputs): [string, string] {
  if (inputs.modelType && SPEECH_TYPES.has(inputs.modelType))
    return ["AutoModelForSpeechSeq2Seq", "automatic-speech-recognition"];
  if (inputs.hasVisionConfig || inputs.hasImageProcessor)
    return ["AutoModelForImageTextToText", "image-text-to-text"];
  return ["AutoModelForSeq2SeqLM", "text2text-generation"];
}

function processorFor(inputs: TransformersInputs): string | undefined {
  if (
    inputs.hasProcessorConfig ||
    (inputs.hasTokenizer && (inputs.hasImageProcessor || inputs.hasFeatureExtractor))
  )
    return "AutoProcessor";
  if (inputs.hasTokenizer) return "AutoTokenizer";
  if (inputs.hasImageProcessor) return "AutoImageProcessor";
  if (inputs.hasFeatureExtractor) return "AutoFeatureExtractor";
  return undefined;
}

/** transformersInfo from the first architecture in config.json. */
export function transformersInfoOf(inputs: TransformersInputs): TransformersInfo | undefined {
  const architecture = inputs.architectures[0];
  if (!architecture) return undefined;
  let autoModel = "AutoModel";
  let pipeline: string | undefined = "feature-extraction";
  if (architecture.endsWith("ForConditionalGeneration"))
    [autoModel, pipeline] = conditionalGeneration(inputs);
  else {
    const hit = SUFFIXES.find(([suffix]) => architecture.endsWith(suffix));
    if (hit) [, autoModel, pipeline] = hit;
    else if (!architecture.endsWith("Model")) pipeline = undefined;
  }
  const info: TransformersInfo = { auto_model: autoModel };
  if (pipeline) info.pipeline_tag = pipeline;
  const processor = processorFor(inputs);
  if (processor) info.processor = processor;
  const custom = inputs.autoMap?.[autoModel];
  if (typeof custom === "string") info.custom_class = custom;
  return info;
}

const PEFT_TASKS: Record<string, string> = {
  CAUSAL_LM: "text-generation",
  SEQ_2_SEQ_LM: "text2text-generation",
  SEQ_CLS: "text-classification",
  TOKEN_CLS: "token-classification",
  QUESTION_ANS: "question-answering",
  FEATURE_EXTRACTION: "feature-extraction",
};

export function pipelineOfPeftTask(taskType: unknown): string | undefined {
  return typeof taskType === "string" ? PEFT_TASKS[taskType] : undefined;
}
