/** Widget examples for model cards, written for the demo catalogue. Keyed by pipeline task. */
type Widget = Record<string, unknown>;

const IMAGE = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/hub/parrots.png";
const AUDIO = "https://cdn-media.huggingface.co/speech_samples/sample1.flac";

const WIDGETS: Record<string, Widget[]> = {
  "text-classification": [
    {
      text: "The delivery was late but the soup was still warm and delicious.",
      example_title: "Mixed review",
    },
    { text: "I would not recommend this charger to anyone.", example_title: "Negative" },
  ],
  "token-classification": [{ text: "Ada Lovelace met Charles Babbage in London in 1833." }],
  "question-answering": [
    {
      text: "Where do puffins nest?",
      context:
        "Atlantic puffins spend most of the year at sea and come ashore in spring to nest in burrows on cliff tops.",
    },
  ],
  "zero-shot-classification": [
    {
      text: "The new update drains my phone battery overnight.",
      candidate_labels: "battery, screen, price, shipping",
    },
  ],
  "table-question-answering": [
    {
      text: "Which river is the longest?",
      table: { River: ["Nile", "Amazon", "Yangtze"], "Length (km)": ["6650", "6400", "6300"] },
    },
  ],
  translation: [{ text: "The library opens at nine and closes at six." }],
  summarization: [
    {
      text: "The town council met on Tuesday to discuss the new cycle lanes. After two hours of debate, members agreed to trial a protected lane on the high street for six months, with a review of traffic and shop footfall at the end of the period.",
    },
  ],
  "text2text-generation": [{ text: "Rewrite politely: send me the report now." }],
  "fill-mask": [{ text: "The capital of Norway is [MASK]." }],
  "sentence-similarity": [
    {
      source_sentence: "How do I reset my password?",
      sentences: [
        "Steps to change a forgotten password",
        "Opening hours of the help desk",
        "Resetting your account login",
      ],
    },
  ],
  "feature-extraction": [{ text: "Embeddings turn text into vectors that can be compared." }],
  "text-ranking": [
    {
      source_sentence: "best time to see the northern lights",
      sentences: [
        "Auroras are brightest in winter months near the poles.",
        "The recipe needs two cups of flour.",
      ],
    },
  ],
  "text-generation": [{ text: "Once upon a time in a lighthouse at the edge of the map," }],
  "text-to-image": [{ text: "A cosy reading nook by a rainy window, warm lamp light, watercolor" }],
  "text-to-video": [{ text: "A paper boat drifting down a rain-soaked street, slow motion" }],
  "text-to-speech": [{ text: "Welcome aboard. The train to the coast departs in five minutes." }],
  "text-to-audio": [{ text: "Gentle acoustic guitar with soft rain in the background" }],
  "automatic-speech-recognition": [{ src: AUDIO, example_title: "Short English clip" }],
  "audio-classification": [{ src: AUDIO, example_title: "Speech sample" }],
  "image-classification": [{ src: IMAGE, example_title: "Parrots" }],
  "object-detection": [{ src: IMAGE, example_title: "Parrots" }],
  "image-segmentation": [{ src: IMAGE, example_title: "Parrots" }],
  "image-to-text": [{ src: IMAGE, example_title: "Parrots" }],
  "depth-estimation": [{ src: IMAGE, example_title: "Parrots" }],
  "zero-shot-image-classification": [
    { src: IMAGE, candidate_labels: "parrots, penguins, pelicans", example_title: "Birds" },
  ],
  "visual-question-answering": [{ src: IMAGE, text: "How many birds are in the picture?" }],
};

const CHAT: Widget[] = [
  { messages: [{ role: "user", content: "Give me three tips for writing clear commit messages." }] },
];
const VISION_CHAT: Widget[] = [
  {
    messages: [
      {
        role: "user",
        content: [
          { type: "image_url", image_url: { url: IMAGE } },
          { type: "text", text: "Describe this picture in one sentence." },
        ],
      },
    ],
  },
];

export function widgetsFor(
  task: string,
  conversational: boolean,
  instancePrompt?: string,
): Widget[] | undefined {
  if (conversational) return task === "image-text-to-text" ? VISION_CHAT : CHAT;
  if (instancePrompt !== undefined && task === "text-to-image") {
    const lead = instancePrompt.trim();
    return [{ text: `${lead ? `${lead}, ` : ""}a quiet harbour town at sunrise` }];
  }
  return WIDGETS[task];
}
