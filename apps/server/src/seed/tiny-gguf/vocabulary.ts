/**
 * A SentencePiece-style vocabulary (`tokenizer.ggml.model = "llama"`) that llama.cpp's tokenizer
 * accepts: special tokens, the 256 byte-fallback tokens, ChatML control tokens, then `▁`-prefixed
 * English words with every prefix of each (the SPM tokenizer merges pairs of existing pieces, so a
 * word is reachable only through pieces that are themselves in the vocabulary), letters and marks.
 */

/** llama.cpp token types (`llama_token_type`). */
export const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

export interface Vocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  unk: number;
  bos: number;
  eos: number;
  /** ChatML turn delimiters, control tokens the chat template writes. */
  imStart: number;
  imEnd: number;
}

/** The word-start marker SentencePiece writes for a space. */
export const SPACE = "\u2581";

const WORDS = `the of and to in is it you that he was for on are with as his they be at one have this from or
had by hot word but what some we can out other were all there when up use your how said an each she which do
their time if will way about many then them write would like so these her long make thing see him two has look
more day could go come did number sound no most people my over know water than call first who may down side
been now find any new work part take get place made live where after back little only round man year came show
every good me give our under name very through just form sentence great think say help low line differ turn
cause much mean before move right boy old too same tell does set three want air well also play small end put
home read hand port large spell add even land here must big high such follow act why ask men change went light
kind off need house picture try us again animal point mother world near build self earth father hello model hub
tiny chat random weights gibberish demo answer question token stream llama`
  .split(/\s+/)
  .filter((word) => word !== "");

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const MARKS = [
  ".",
  ",",
  "!",
  "?",
  "'",
  ":",
  ";",
  "-",
  "(",
  ")",
  '"',
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
];

function byteToken(byte: number): string {
  return `<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`;
}

export function buildVocabulary(): Vocabulary {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const seen = new Set<string>();
  const add = (token: string, type: number, score: number) => {
    if (seen.has(token)) return;
    seen.add(token);
    tokens.push(token);
    scores.push(score);
    types.push(type);
  };
  add("<unk>", TOKEN_TYPE.unknown, 0);
  add("<s>", TOKEN_TYPE.control, 0);
  add("</s>", TOKEN_TYPE.control, 0);
  for (let byte = 0; byte < 256; byte++) add(byteToken(byte), TOKEN_TYPE.byte, 0);
  add("<|im_start|>", TOKEN_TYPE.control, 0);
  add("<|im_end|>", TOKEN_TYPE.control, 0);
  // Longer pieces score higher, so merges prefer whole words; ties keep list order.
  const normal = (piece: string) =>
    add(piece, TOKEN_TYPE.normal, -1000 + [...piece].length * 10 - tokens.length / 1000);
  normal(SPACE);
  for (const letter of LETTERS) normal(letter);
  for (const letter of LETTERS) normal(SPACE + letter);
  for (const mark of MARKS) normal(mark);
  for (const word of WORDS) {
    const piece = SPACE + word;
    for (let end = 2; end <= piece.length; end++) normal(piece.slice(0, end));
  }
  return {
    tokens,
    scores,
    types,
    unk: 0,
    bos: 1,
    eos: 2,
    imStart: tokens.indexOf("<|im_start|>"),
    imEnd: tokens.indexOf("<|im_end|>"),
  };
}
