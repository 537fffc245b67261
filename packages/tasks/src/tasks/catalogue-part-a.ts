import type { PipelineType } from "../pipelines/pipeline-types.js";
import type { TaskDataCustom } from "./task-data.js";
import { textClassificationTask } from "./text-classification/data.js";
import { tokenClassificationTask } from "./token-classification/data.js";
import { tableQuestionAnsweringTask } from "./table-question-answering/data.js";
import { questionAnsweringTask } from "./question-answering/data.js";
import { zeroShotClassificationTask } from "./zero-shot-classification/data.js";
import { translationTask } from "./translation/data.js";
import { summarizationTask } from "./summarization/data.js";
import { featureExtractionTask } from "./feature-extraction/data.js";
import { textGenerationTask } from "./text-generation/data.js";
import { fillMaskTask } from "./fill-mask/data.js";
import { sentenceSimilarityTask } from "./sentence-similarity/data.js";
import { textRankingTask } from "./text-ranking/data.js";
import { textToSpeechTask } from "./text-to-speech/data.js";
import { textToAudioTask } from "./text-to-audio/data.js";
import { automaticSpeechRecognitionTask } from "./automatic-speech-recognition/data.js";
import { audioToAudioTask } from "./audio-to-audio/data.js";
import { audioClassificationTask } from "./audio-classification/data.js";
import { audioTextToTextTask } from "./audio-text-to-text/data.js";
import { voiceActivityDetectionTask } from "./voice-activity-detection/data.js";
import { tabularClassificationTask } from "./tabular-classification/data.js";
import { tabularRegressionTask } from "./tabular-regression/data.js";
import { timeSeriesForecastingTask } from "./time-series-forecasting/data.js";
import { reinforcementLearningTask } from "./reinforcement-learning/data.js";
import { roboticsTask } from "./robotics/data.js";
import { graphMlTask } from "./graph-ml/data.js";

/** Catalogue entries for NLP, audio, tabular, RL and graph tasks (one folder per task). */
export const CATALOGUE_PART_A: Partial<Record<PipelineType, TaskDataCustom>> = {
  "text-classification": textClassificationTask,
  "token-classification": tokenClassificationTask,
  "table-question-answering": tableQuestionAnsweringTask,
  "question-answering": questionAnsweringTask,
  "zero-shot-classification": zeroShotClassificationTask,
  translation: translationTask,
  summarization: summarizationTask,
  "feature-extraction": featureExtractionTask,
  "text-generation": textGenerationTask,
  "fill-mask": fillMaskTask,
  "sentence-similarity": sentenceSimilarityTask,
  "text-ranking": textRankingTask,
  "text-to-speech": textToSpeechTask,
  "text-to-audio": textToAudioTask,
  "automatic-speech-recognition": automaticSpeechRecognitionTask,
  "audio-to-audio": audioToAudioTask,
  "audio-classification": audioClassificationTask,
  "audio-text-to-text": audioTextToTextTask,
  "voice-activity-detection": voiceActivityDetectionTask,
  "tabular-classification": tabularClassificationTask,
  "tabular-regression": tabularRegressionTask,
  "time-series-forecasting": timeSeriesForecastingTask,
  "reinforcement-learning": reinforcementLearningTask,
  robotics: roboticsTask,
  "graph-ml": graphMlTask,
};
