import { ninferSnippets } from "./more/ninfer.js";
import { encoderfileSnippets } from "./more/encoderfile.js";
import { tirex2Snippets } from "./more/tirex-2.js";
import { tunejurySnippets } from "./more/tunejury.js";
import { zeromodelsSnippets } from "./more/zeromodels.js";
import { rwkvSnippets } from "./more/rwkv.js";
import { piperSnippets } from "./more/piper.js";
import { montrealForcedAlignerSnippets } from "./more/montreal-forced-aligner.js";
import { litertSnippets } from "./more/litert.js";
import { kronosSnippets } from "./more/kronos.js";
import { litertLmSnippets } from "./more/litert-lm.js";
import { onnxSnippets } from "./more/onnx.js";
import { yolov26Snippets } from "./more/yolov26.js";
import { lightglueSnippets } from "./more/lightglue.js";
import { layaSnippets } from "./more/laya.js";
import { gliformerSnippets } from "./more/gliformer.js";
import { flexraySnippets } from "./more/flexray.js";
import { jevStyleSnippets } from "./more/jev-style.js";
import { multimoleculeSnippets } from "./more/multimolecule.js";
import { nobgSnippets } from "./more/nobg.js";
import { mobilintSnippets } from "./more/mobilint.js";
import { openasrSnippets } from "./more/openasr.js";
import { openddeSnippets } from "./more/opendde.js";
import { ltxSnippets } from "./more/ltx.js";
import { adapterTransformersSnippets } from "./more/adapter-transformers.js";
import { allennlpSnippets } from "./more/allennlp.js";
import { anemoiSnippets } from "./more/anemoi.js";
import { araclipSnippets } from "./more/araclip.js";
import { audiosealSnippets } from "./more/audioseal.js";
import { ben2Snippets } from "./more/ben2.js";
import { birefnetSnippets } from "./more/birefnet.js";
import { bm25sSnippets } from "./more/bm25s.js";
import { cartesiaMlxSnippets } from "./more/cartesia-mlx.js";
import { cartesiaPytorchSnippets } from "./more/cartesia-pytorch.js";
import { chatTtsSnippets } from "./more/chat-tts.js";
import { chatterboxSnippets } from "./more/chatterbox.js";
import { clipscopeSnippets } from "./more/clipscope.js";
import { colipriSnippets } from "./more/colipri.js";
import { collectorvisionSnippets } from "./more/collectorvision.js";
import { colpaliSnippets } from "./more/colpali.js";
import { cometSnippets } from "./more/comet.js";
import { cosyvoiceSnippets } from "./more/cosyvoice.js";
import { cxrFoundationSnippets } from "./more/cxr-foundation.js";
import { deepforestSnippets } from "./more/deepforest.js";
import { depthAnythingV2Snippets } from "./more/depth-anything-v2.js";
import { depthProSnippets } from "./more/depth-pro.js";
import { dermFoundationSnippets } from "./more/derm-foundation.js";
import { describeAnythingSnippets } from "./more/describe-anything.js";
import { diaTtsSnippets } from "./more/dia-tts.js";
import { dia2Snippets } from "./more/dia2.js";
import { doctrSnippets } from "./more/doctr.js";
import { edsnlpSnippets } from "./more/edsnlp.js";
import { f5TtsSnippets } from "./more/f5-tts.js";
import { fairseqSnippets } from "./more/fairseq.js";
import { fasttextSnippets } from "./more/fasttext.js";
import { gliner2Snippets } from "./more/gliner2.js";
import { hezarSnippets } from "./more/hezar.js";
import { htrflowSnippets } from "./more/htrflow.js";
import { hunyuanDitSnippets } from "./more/hunyuan-dit.js";
import { hunyuan3d2Snippets } from "./more/hunyuan3d-2.js";
import { indexTtsSnippets } from "./more/index-tts.js";
import { kernelsSnippets } from "./more/kernels.js";
import { kimiAudioSnippets } from "./more/kimi-audio.js";
import { kittenttsSnippets } from "./more/kittentts.js";
import { lerobotSnippets } from "./more/lerobot.js";
import { lightningIrSnippets } from "./more/lightning-ir.js";
import { liveportraitSnippets } from "./more/liveportrait.js";
import { lvfaceSnippets } from "./more/lvface.js";
import { mambaSsmSnippets } from "./more/mamba-ssm.js";
import { mars5TtsSnippets } from "./more/mars5-tts.js";
import { matanyoneSnippets } from "./more/matanyone.js";
import { merlinSnippets } from "./more/merlin.js";
import { meshAnythingSnippets } from "./more/mesh-anything.js";
import { mlcLlmSnippets } from "./more/mlc-llm.js";
import { mlxImageSnippets } from "./more/mlx-image.js";
import { model2vecSnippets } from "./more/model2vec.js";
import { moshiSnippets } from "./more/moshi.js";
import { outettsSnippets } from "./more/outetts.js";
import { paddlenlpSnippets } from "./more/paddlenlp.js";
import { paddleocrSnippets } from "./more/paddleocr.js";
import { perceptionEncoderSnippets } from "./more/perception-encoder.js";
import { phantomWanSnippets } from "./more/phantom-wan.js";
import { pocketTtsSnippets } from "./more/pocket-tts.js";
import { prunaAiSnippets } from "./more/pruna-ai.js";
import { pxiaSnippets } from "./more/pxia.js";
import { pythaeSnippets } from "./more/pythae.js";
import { qwen3TtsSnippets } from "./more/qwen3-tts.js";
import { relikSnippets } from "./more/relik.js";
import { renderformerSnippets } from "./more/renderformer.js";
import { saelensSnippets } from "./more/saelens.js";
import { sam3dBodySnippets } from "./more/sam-3d-body.js";
import { sam3dObjectsSnippets } from "./more/sam-3d-objects.js";
import { sam2Snippets } from "./more/sam2.js";
import { sampleFactorySnippets } from "./more/sample-factory.js";
import { sanaSnippets } from "./more/sana.js";
import { sapRpt1OssSnippets } from "./more/sap-rpt-1-oss.js";
import { sapiensSnippets } from "./more/sapiens.js";
import { seedStorySnippets } from "./more/seed-story.js";
import { stableAudioToolsSnippets } from "./more/stable-audio-tools.js";
import { stanzaSnippets } from "./more/stanza.js";
import { supertonicSnippets } from "./more/supertonic.js";
import { swarmformerSnippets } from "./more/swarmformer.js";
import { tensorflowttsSnippets } from "./more/tensorflowtts.js";
import { terratorchSnippets } from "./more/terratorch.js";
import { threedtopiaXlSnippets } from "./more/threedtopia-xl.js";
import { timesfmSnippets } from "./more/timesfm.js";
import { tirexSnippets } from "./more/tirex.js";
import { trellisSnippets } from "./more/trellis.js";
import { unitySentisSnippets } from "./more/unity-sentis.js";
import { univaSnippets } from "./more/univa.js";
import { vfiMambaSnippets } from "./more/vfi-mamba.js";
import { vibevoiceSnippets } from "./more/vibevoice.js";
import { videoprismSnippets } from "./more/videoprism.js";
import { voicecraftSnippets } from "./more/voicecraft.js";
import { voxcpmSnippets } from "./more/voxcpm.js";
import { vuiSnippets } from "./more/vui.js";
import { wan22Snippets } from "./more/wan2-2.js";
import { whisperkitSnippets } from "./more/whisperkit.js";
import { zonosSnippets } from "./more/zonos.js";
import type { SnippetGenerator } from "./types.js";

/** Generators for libraries outside the core set, keyed by registry `library_name`. */
export const MORE_SNIPPETS: Record<string, SnippetGenerator> = {
  "adapter-transformers": adapterTransformersSnippets,
  allennlp: allennlpSnippets,
  anemoi: anemoiSnippets,
  araclip: araclipSnippets,
  audioseal: audiosealSnippets,
  ben2: ben2Snippets,
  birefnet: birefnetSnippets,
  bm25s: bm25sSnippets,
  cartesia_mlx: cartesiaMlxSnippets,
  cartesia_pytorch: cartesiaPytorchSnippets,
  chat_tts: chatTtsSnippets,
  chatterbox: chatterboxSnippets,
  clipscope: clipscopeSnippets,
  colipri: colipriSnippets,
  collectorvision: collectorvisionSnippets,
  colpali: colpaliSnippets,
  comet: cometSnippets,
  cosyvoice: cosyvoiceSnippets,
  "cxr-foundation": cxrFoundationSnippets,
  deepforest: deepforestSnippets,
  "depth-anything-v2": depthAnythingV2Snippets,
  "depth-pro": depthProSnippets,
  "derm-foundation": dermFoundationSnippets,
  "describe-anything": describeAnythingSnippets,
  "dia-tts": diaTtsSnippets,
  dia2: dia2Snippets,
  doctr: doctrSnippets,
  edsnlp: edsnlpSnippets,
  "f5-tts": f5TtsSnippets,
  fairseq: fairseqSnippets,
  fasttext: fasttextSnippets,
  gliner2: gliner2Snippets,
  hezar: hezarSnippets,
  htrflow: htrflowSnippets,
  "hunyuan-dit": hunyuanDitSnippets,
  "hunyuan3d-2": hunyuan3d2Snippets,
  "index-tts": indexTtsSnippets,
  kernels: kernelsSnippets,
  "kimi-audio": kimiAudioSnippets,
  kittentts: kittenttsSnippets,
  lerobot: lerobotSnippets,
  "lightning-ir": lightningIrSnippets,
  liveportrait: liveportraitSnippets,
  lvface: lvfaceSnippets,
  "mamba-ssm": mambaSsmSnippets,
  "mars5-tts": mars5TtsSnippets,
  matanyone: matanyoneSnippets,
  merlin: merlinSnippets,
  "mesh-anything": meshAnythingSnippets,
  "mlc-llm": mlcLlmSnippets,
  "mlx-image": mlxImageSnippets,
  model2vec: model2vecSnippets,
  moshi: moshiSnippets,
  outetts: outettsSnippets,
  paddlenlp: paddlenlpSnippets,
  PaddleOCR: paddleocrSnippets,
  "perception-encoder": perceptionEncoderSnippets,
  "phantom-wan": phantomWanSnippets,
  "pocket-tts": pocketTtsSnippets,
  "pruna-ai": prunaAiSnippets,
  pxia: pxiaSnippets,
  pythae: pythaeSnippets,
  qwen3_tts: qwen3TtsSnippets,
  relik: relikSnippets,
  renderformer: renderformerSnippets,
  saelens: saelensSnippets,
  "sam-3d-body": sam3dBodySnippets,
  "sam-3d-objects": sam3dObjectsSnippets,
  sam2: sam2Snippets,
  "sample-factory": sampleFactorySnippets,
  sana: sanaSnippets,
  "sap-rpt-1-oss": sapRpt1OssSnippets,
  sapiens: sapiensSnippets,
  "seed-story": seedStorySnippets,
  "stable-audio-tools": stableAudioToolsSnippets,
  stanza: stanzaSnippets,
  supertonic: supertonicSnippets,
  swarmformer: swarmformerSnippets,
  tensorflowtts: tensorflowttsSnippets,
  terratorch: terratorchSnippets,
  "3dtopia-xl": threedtopiaXlSnippets,
  timesfm: timesfmSnippets,
  tirex: tirexSnippets,
  trellis: trellisSnippets,
  "unity-sentis": unitySentisSnippets,
  univa: univaSnippets,
  "vfi-mamba": vfiMambaSnippets,
  vibevoice: vibevoiceSnippets,
  videoprism: videoprismSnippets,
  voicecraft: voicecraftSnippets,
  voxcpm: voxcpmSnippets,
  vui: vuiSnippets,
  "wan2.2": wan22Snippets,
  whisperkit: whisperkitSnippets,
  zonos: zonosSnippets,
  gliformer: gliformerSnippets,
  flexray: flexraySnippets,
  "jev-style": jevStyleSnippets,
  multimolecule: multimoleculeSnippets,
  nobg: nobgSnippets,
  mobilint: mobilintSnippets,
  openasr: openasrSnippets,
  opendde: openddeSnippets,
  laya: layaSnippets,
  ltx: ltxSnippets,
  "litert-lm": litertLmSnippets,
  onnx: onnxSnippets,
  yolov26: yolov26Snippets,
  lightglue: lightglueSnippets,
  litert: litertSnippets,
  kronos: kronosSnippets,
  piper: piperSnippets,
  "montreal-forced-aligner": montrealForcedAlignerSnippets,
  rwkv: rwkvSnippets,
  zeromodels: zeromodelsSnippets,
  "tirex-2": tirex2Snippets,
  tunejury: tunejurySnippets,
  ninfer: ninferSnippets,
  encoderfile: encoderfileSnippets,
};
