import { seededRandom } from "../files/bytes.js";

export type Cell = string | number | boolean | string[] | number[] | Record<string, unknown>[];
export type Row = Record<string, Cell>;
type Pick = <T>(items: readonly T[]) => T;

/** Example rows written for the demo catalogue; each schema mixes small phrase pools deterministically. */
const SUBJECTS = [
  "the film",
  "this blender",
  "the hotel",
  "our guide",
  "the sequel",
  "the new album",
  "this laptop",
  "the café",
  "the museum tour",
  "the audiobook",
];
const PRAISE = [
  "was a genuine delight from start to finish",
  "exceeded every expectation I had",
  "made the whole weekend better",
  "is worth every penny",
  "surprised me in the best way",
];
const COMPLAINT = [
  "fell apart after two days",
  "was a waste of an evening",
  "never matched the description",
  "left me bored and annoyed",
  "stopped working almost at once",
];
const TOPICS = ["World", "Sports", "Business", "Sci/Tech"] as const;
const HEADLINES: Record<(typeof TOPICS)[number], string[]> = {
  World: ["Leaders meet to discuss river water rights", "Coastal city votes on new flood barrier"],
  Sports: ["Underdogs clinch title in extra time", "Marathon record falls in cool morning air"],
  Business: ["Chipmaker shares rise on strong outlook", "Small firms report steadier supply chains"],
  "Sci/Tech": ["Probe sends first images from icy moon", "Researchers build battery from seawater salts"],
};
const EMOTIONS = ["joy", "sadness", "anger", "fear", "love", "surprise"];
const EMOTION_TEXT: Record<string, string> = {
  joy: "i finally finished the quilt and i feel wonderful",
  sadness: "i miss the old house more than i expected",
  anger: "i am furious that the train was cancelled again",
  fear: "i feel uneasy walking home on this dark road",
  love: "i adore how my grandmother hums while cooking",
  surprise: "i was amazed to find a letter from ten years ago",
};
const FACTS = [
  {
    title: "Honeybee",
    context:
      "A honeybee colony can contain tens of thousands of workers, all daughters of a single queen who may lay over a thousand eggs a day.",
    question: "Who lays the eggs in a honeybee colony?",
    answer: "a single queen",
  },
  {
    title: "Mount Kilimanjaro",
    context:
      "Kilimanjaro in Tanzania is the highest mountain in Africa, rising to about 5,895 metres above sea level.",
    question: "How high is Kilimanjaro?",
    answer: "about 5,895 metres",
  },
  {
    title: "Printing press",
    context:
      "Johannes Gutenberg introduced movable-type printing to Europe around 1440, greatly lowering the cost of books.",
    question: "When did Gutenberg introduce movable type to Europe?",
    answer: "around 1440",
  },
  {
    title: "Octopus",
    context:
      "An octopus has three hearts: two pump blood through the gills and one supplies the rest of the body.",
    question: "How many hearts does an octopus have?",
    answer: "three",
  },
  {
    title: "Rainbows",
    context:
      "A rainbow forms when sunlight is refracted, reflected and dispersed inside water droplets, splitting white light into colours.",
    question: "What splits sunlight into colours in a rainbow?",
    answer: "water droplets",
  },
];
const INSTRUCTIONS = [
  {
    instruction: "List three uses for a paperclip other than holding paper.",
    input: "",
    output:
      "1. Resetting small electronics through a pinhole. 2. Making a temporary zipper pull. 3. Cleaning grooves in a keyboard.",
  },
  {
    instruction: "Rewrite the sentence in a formal tone.",
    input: "gonna be late, traffic is nuts",
    output: "I will arrive later than planned because traffic is unusually heavy.",
  },
  {
    instruction: "Summarise the paragraph in one sentence.",
    input:
      "Tomatoes need at least six hours of sun, regular watering at the base, and support as they grow taller.",
    output: "Tomatoes grow best with plenty of sun, steady watering and a stake or cage.",
  },
  {
    instruction: "Translate into French.",
    input: "Where is the nearest bakery?",
    output: "Où est la boulangerie la plus proche ?",
  },
  {
    instruction: "Write a haiku about autumn mornings.",
    input: "",
    output: "Cold breath on the glass / a maple lets go of red / kettle starts to sing",
  },
];
const MATH = [
  (a: number, b: number) => ({
    question: `A baker makes ${a} trays of rolls with ${b} rolls on each tray. How many rolls is that?`,
    answer: `Each tray has ${b} rolls, so ${a} × ${b} = ${a * b}.\n#### ${a * b}`,
  }),
  (a: number, b: number) => ({
    question: `Mia has ${a + b} stickers and gives ${b} to her brother. How many are left?`,
    answer: `${a + b} − ${b} = ${a}.\n#### ${a}`,
  }),
  (a: number, b: number) => ({
    question: `A bus carries ${a} people and ${b} more get on at the next stop. How many are on the bus now?`,
    answer: `${a} + ${b} = ${a + b}.\n#### ${a + b}`,
  }),
];
const PAIRS = [
  {
    en: "The museum is closed on Mondays.",
    fr: "Le musée est fermé le lundi.",
    de: "Das Museum ist montags geschlossen.",
  },
  {
    en: "Could you speak a little more slowly?",
    fr: "Pourriez-vous parler un peu plus lentement ?",
    de: "Könnten Sie etwas langsamer sprechen?",
  },
  {
    en: "The train leaves from platform four.",
    fr: "Le train part du quai quatre.",
    de: "Der Zug fährt von Gleis vier ab.",
  },
  {
    en: "I would like a table for two.",
    fr: "Je voudrais une table pour deux.",
    de: "Ich hätte gern einen Tisch für zwei.",
  },
];
const NER_SENTENCES: [string[], string[]][] = [
  [
    ["Marie", "Curie", "worked", "in", "Paris", "."],
    ["B-PER", "I-PER", "O", "O", "B-LOC", "O"],
  ],
  [
    ["The", "United", "Nations", "met", "in", "Geneva", "."],
    ["O", "B-ORG", "I-ORG", "O", "O", "B-LOC", "O"],
  ],
  [
    ["Nokia", "opened", "an", "office", "in", "Nairobi", "."],
    ["B-ORG", "O", "O", "O", "O", "B-LOC", "O"],
  ],
  [
    ["Serena", "Williams", "won", "at", "Wimbledon", "."],
    ["B-PER", "I-PER", "O", "O", "B-MISC", "O"],
  ],
];
const LABELS_10 = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"];
const CODE = [
  {
    language: "python",
    prompt:
      'def is_palindrome(text: str) -> bool:\n    """Return True if text reads the same backwards, ignoring case."""\n',
    completion: "    cleaned = text.lower()\n    return cleaned == cleaned[::-1]\n",
  },
  {
    language: "javascript",
    prompt: "// Sum the numbers in an array\nfunction total(values) {\n",
    completion: "  return values.reduce((sum, v) => sum + v, 0);\n}\n",
  },
  {
    language: "go",
    prompt: "// Max returns the larger of two ints\nfunc Max(a, b int) int {\n",
    completion: "\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
  },
];

function sentiment(pick: Pick, i: number): Row {
  const positive = i % 2 === 0;
  return {
    text: `${pick(SUBJECTS)} ${positive ? pick(PRAISE) : pick(COMPLAINT)}.`.replace(/^./, (c) =>
      c.toUpperCase(),
    ),
    label: positive ? 1 : 0,
  };
}

function stars(pick: Pick, i: number): Row {
  const star = (i % 5) + 1;
  return {
    review_body: `${pick(SUBJECTS)} ${star >= 4 ? pick(PRAISE) : pick(COMPLAINT)}.`.replace(/^./, (c) =>
      c.toUpperCase(),
    ),
    stars: star,
  };
}

const GENERATORS: Record<string, (pick: Pick, i: number, next: () => number) => Row> = {
  sentiment,
  stars,
  nli: (pick, i) => {
    const [premise, hypothesis, label] = [
      ["A man is playing a guitar on a stage.", "A person is performing music.", 0],
      ["Two dogs run across a snowy field.", "The animals are asleep indoors.", 2],
      ["A woman reads a book on a train.", "She is travelling to work.", 1],
    ][i % 3] as [string, string, number];
    return { premise: pick([premise]), hypothesis, label };
  },
  news: (pick, i) => {
    const topic = TOPICS[i % TOPICS.length];
    return { text: pick(HEADLINES[topic]), label: i % TOPICS.length };
  },
  emotion: (_pick, i) => ({ text: EMOTION_TEXT[EMOTIONS[i % EMOTIONS.length]], label: i % EMOTIONS.length }),
  qa: (_pick, i) => {
    const fact = FACTS[i % FACTS.length];
    return {
      id: `q${1000 + i}`,
      title: fact.title,
      context: fact.context,
      question: fact.question,
      answers: [{ text: fact.answer, answer_start: fact.context.indexOf(fact.answer) }],
    };
  },
  math: (_pick, i, next) => MATH[i % MATH.length](2 + Math.floor(next() * 12), 2 + Math.floor(next() * 9)),
  mcq: (_pick, i) => {
    const fact = FACTS[i % FACTS.length];
    const wrong = FACTS.filter((f) => f !== fact)
      .slice(0, 3)
      .map((f) => f.answer);
    return {
      question: fact.question,
      choices: [fact.answer, ...wrong],
      answer: 0,
      subject: fact.title.toLowerCase(),
    };
  },
  instruct: (_pick, i) => ({ ...INSTRUCTIONS[i % INSTRUCTIONS.length] }),
  chat: (_pick, i) => {
    const item = INSTRUCTIONS[i % INSTRUCTIONS.length];
    return {
      prompt: item.instruction,
      messages: [
        { role: "user", content: `${item.instruction} ${item.input}`.trim() },
        { role: "assistant", content: item.output },
      ],
    };
  },
  preference: (_pick, i) => {
    const item = INSTRUCTIONS[i % INSTRUCTIONS.length];
    return {
      prompt: `${item.instruction} ${item.input}`.trim(),
      chosen: item.output,
      rejected: "I'm not sure, you could look it up.",
      score_chosen: 8.5,
      score_rejected: 3,
    };
  },
  summaries: (_pick, i) => {
    const fact = FACTS[i % FACTS.length];
    return {
      article: `${fact.context} Experts say the finding is widely taught in schools. ${fact.title} remains a popular subject for documentaries.`,
      highlights: fact.context.split(",")[0],
    };
  },
  "dialogue-summaries": (pick, i) => ({
    id: `d${i}`,
    dialogue: `Sam: are we still on for ${pick(["lunch", "the cinema", "football"])} tomorrow?\nAlex: yes! 1pm?\nSam: perfect, see you there`,
    summary: "Sam and Alex confirm their plans for tomorrow at 1pm.",
  }),
  translation: (_pick, i) => {
    const pair = PAIRS[i % PAIRS.length];
    return { en: pair.en, fr: pair.fr, de: pair.de };
  },
  ner: (_pick, i) => {
    const [tokens, tags] = NER_SENTENCES[i % NER_SENTENCES.length];
    return { id: String(i), tokens, ner_tags: tags };
  },
  articles: (_pick, i) => {
    const fact = FACTS[i % FACTS.length];
    return {
      id: String(10_000 + i),
      url: `https://example.org/wiki/${fact.title.replace(/ /g, "_")}`,
      title: fact.title,
      text: `${fact.context} ${fact.title} has been studied for centuries.`,
    };
  },
  code: (_pick, i) => ({ task_id: `demo/${i}`, ...CODE[i % CODE.length] }),
  retrieval: (_pick, i) => {
    const fact = FACTS[i % FACTS.length];
    return {
      query: fact.question.toLowerCase().replace(/\?$/, ""),
      positive: fact.context,
      negative: FACTS[(i + 1) % FACTS.length].context,
    };
  },
  triplets: (_pick, i) => ({
    anchor: PAIRS[i % PAIRS.length].en,
    positive: PAIRS[i % PAIRS.length].en.replace(".", " indeed."),
    negative: PAIRS[(i + 2) % PAIRS.length].en,
  }),
  images: (_pick, i) => ({
    file_name: `images/${String(i).padStart(5, "0")}.jpg`,
    label: i % LABELS_10.length,
    label_name: LABELS_10[i % LABELS_10.length],
  }),
  digits: (_pick, i, next) => ({
    file_name: `digits/${i}.png`,
    label: i % 10,
    mean_intensity: Number((0.1 + next() * 0.2).toFixed(4)),
  }),
  boxes: (_pick, i, next) => ({
    image_id: 500 + i,
    file_name: `${String(500 + i).padStart(12, "0")}.jpg`,
    category: LABELS_10[i % LABELS_10.length],
    bbox: [
      Math.round(next() * 300),
      Math.round(next() * 200),
      40 + Math.round(next() * 120),
      30 + Math.round(next() * 90),
    ],
  }),
  speech: (_pick, i, next) => ({
    file_name: `audio/${1000 + i}.flac`,
    text: PAIRS[i % PAIRS.length].en,
    speaker_id: 100 + (i % 7),
    duration: Number((1.5 + next() * 6).toFixed(2)),
  }),
  vqa: (_pick, i) => ({
    image_id: 9000 + i,
    question: ["What colour is the bus?", "How many people are there?", "Is it raining?"][i % 3],
    answer: ["red", "two", "no"][i % 3],
  }),
  iris: (_pick, i, next) => {
    const species = ["setosa", "versicolor", "virginica"][i % 3];
    const base = [5.0, 5.9, 6.6][i % 3];
    return {
      sepal_length: Number((base + next() * 0.6).toFixed(1)),
      sepal_width: Number((2.8 + next() * 0.6).toFixed(1)),
      petal_length: Number(([1.4, 4.3, 5.6][i % 3] + next() * 0.4).toFixed(1)),
      petal_width: Number(([0.2, 1.3, 2.0][i % 3] + next() * 0.3).toFixed(1)),
      species,
    };
  },
  housing: (_pick, _i, next) => ({
    MedInc: Number((1.5 + next() * 7).toFixed(4)),
    HouseAge: Math.round(5 + next() * 45),
    AveRooms: Number((3 + next() * 4).toFixed(3)),
    Latitude: Number((33 + next() * 8).toFixed(2)),
    Longitude: Number((-124 + next() * 10).toFixed(2)),
    MedHouseVal: Number((0.8 + next() * 4).toFixed(3)),
  }),
  timeseries: (_pick, i, next) => ({
    item_id: `series_${i % 3}`,
    timestamp: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
    target: Number((100 + 10 * Math.sin(i / 2) + next() * 5).toFixed(2)),
  }),
  robot: (_pick, i, next) => ({
    episode_index: Math.floor(i / 6),
    frame_index: i % 6,
    timestamp: Number(((i % 6) * 0.1).toFixed(1)),
    "observation.state": [Number((next() * 512).toFixed(1)), Number((next() * 512).toFixed(1))],
    action: [Number((next() * 512).toFixed(1)), Number((next() * 512).toFixed(1))],
  }),
};

export function isSchema(name: string): boolean {
  return Object.hasOwn(GENERATORS, name);
}

/** `count` rows of `schema`, deterministic for the given seed text. */
export function generateRows(schema: string, seedText: string, count: number): Row[] {
  const generate = GENERATORS[schema];
  if (!generate) throw new Error(`unknown dataset schema ${schema}`);
  const next = seededRandom(seedText);
  const pick: Pick = (items) => items[Math.floor(next() * items.length)];
  return Array.from({ length: count }, (_, i) => generate(pick, i, next));
}
