/** Accounts behind the catalogue: organisations with display names, individual users, and two members. */

const ORG_NAMES: Record<string, string> = {
  "meta-llama": "Meta Llama",
  Qwen: "Qwen",
  mistralai: "Mistral AI",
  google: "Google",
  "google-bert": "BERT community",
  "google-t5": "T5 community",
  "google-research-datasets": "Google Research Datasets",
  microsoft: "Microsoft",
  openai: "OpenAI",
  "openai-community": "OpenAI community",
  "deepseek-ai": "DeepSeek",
  HuggingFaceTB: "Hugging Face Smol Models Research",
  HuggingFaceH4: "Hugging Face H4",
  HuggingFaceM4: "Hugging Face M4",
  HuggingFaceFW: "FineWeb",
  "black-forest-labs": "Black Forest Labs",
  stabilityai: "Stability AI",
  "sentence-transformers": "Sentence Transformers",
  BAAI: "Beijing Academy of Artificial Intelligence",
  nvidia: "NVIDIA",
  facebook: "AI at Meta",
  FacebookAI: "FacebookAI community",
  speechbrain: "SpeechBrain",
  keras: "Keras",
  "keras-io": "Keras examples",
  "mlx-community": "MLX Community",
  timm: "PyTorch Image Models",
  spacy: "spaCy",
  flair: "Flair",
  pyannote: "pyannote",
  amazon: "Amazon",
  "Prior-Labs": "Prior Labs",
  sb3: "Stable-Baselines3",
  lerobot: "LeRobot",
  "scikit-learn": "scikit-learn",
  Ultralytics: "Ultralytics",
  "Wan-AI": "Wan-AI",
  tencent: "Tencent",
  "ibm-granite": "IBM Granite",
  allenai: "Ai2",
  stanfordnlp: "Stanford NLP",
  bigcode: "BigCode",
  "Helsinki-NLP": "Language Technology Research Group at the University of Helsinki",
  "ggml-org": "ggml.ai",
  "onnx-community": "ONNX Community",
  "modelhub-demo": "ModelHub demo",
  "huggingface-projects": "Hugging Face projects",
  "evaluate-metric": "Evaluate metrics",
  "datasets-community": "Datasets community",
};

/** Namespaces that belong to people rather than organisations. */
const PEOPLE: Record<string, string> = {
  bartowski: "Bartowski",
  TheBloke: "Tom Jobbins",
  Xenova: "Joshua",
  "julien-c": "Julien Chaumond",
  nateraw: "Nate Raw",
  tomaarsen: "Tom Aarsen",
  urchade: "Urchade Zaratiana",
  ybelkada: "Younes Belkada",
  tloen: "Eric J. Wang",
  timdettmers: "Tim Dettmers",
  smangrul: "Sourab Mangrulkar",
  philschmid: "Philipp Schmid",
  MoritzLaurer: "Moritz Laurer",
  mlabonne: "Maxime Labonne",
  ostris: "Ostris",
  nerijs: "Nerijs",
  alvdansen: "Araminta",
  ThomasSimonini: "Thomas Simonini",
  edbeeching: "Edward Beeching",
  clefourrier: "Clémentine Fourrier",
};

export const MEMBERS = [
  { name: "ada", fullname: "Ada Example" },
  { name: "grace", fullname: "Grace Sample" },
];

function titleCase(name: string): string {
  return name.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Users and organisations for the given repo owners: known people are users, everyone else an org. */
export function accountsFor(owners: Iterable<string>): {
  users: { name: string; fullname: string }[];
  orgs: { name: string; fullname: string; members: string[] }[];
} {
  const users = [...MEMBERS];
  const orgs: { name: string; fullname: string; members: string[] }[] = [];
  const seen = new Set<string>(MEMBERS.map((m) => m.name.toLowerCase()));
  let index = 0;
  for (const owner of [...new Set(owners)].sort()) {
    if (seen.has(owner.toLowerCase())) continue;
    seen.add(owner.toLowerCase());
    if (Object.hasOwn(PEOPLE, owner)) {
      users.push({ name: owner, fullname: PEOPLE[owner] });
      continue;
    }
    const members =
      owner === "modelhub-demo"
        ? ["ada", "grace"]
        : index % 5 === 0
          ? ["ada"]
          : index % 7 === 0
            ? ["grace"]
            : [];
    orgs.push({ name: owner, fullname: ORG_NAMES[owner] ?? titleCase(owner), members });
    index++;
  }
  return { users, orgs };
}
