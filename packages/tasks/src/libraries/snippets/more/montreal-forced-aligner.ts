import { raw, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { filesWithExtension } from "../helpers.js";

/**
 * Montreal Forced Aligner: `mfa align CORPUS DICTIONARY ACOUSTIC_MODEL OUTPUT`. The acoustic model is
 * the repo's `.zip`; the dictionary is the repo's `.dict` file, else MFA's own English dictionary.
 */
export function montrealForcedAlignerSnippets(model: ModelData): string[] {
  const acoustic = filesWithExtension(model, "zip")[0] ?? "acoustic_model.zip";
  const dictionary = filesWithExtension(model, "dict")[0];
  const dictionaryArg = dictionary === undefined ? "english_mfa" : `mfa_model/${dictionary}`;
  const fetchDictionary = raw(dictionary === undefined ? "mfa model download dictionary english_mfa\n" : "");
  return [
    shell`conda install -c conda-forge montreal-forced-aligner
hf download ${model.id} --local-dir mfa_model
${fetchDictionary}# ./corpus holds the audio files with their transcripts
mfa align ./corpus ${dictionaryArg} ${`mfa_model/${acoustic}`} ./aligned`,
  ];
}
