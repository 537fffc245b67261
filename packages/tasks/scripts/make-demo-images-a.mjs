// Draws the demo pictures for the NLP / audio / tabular / RL / graph task pages.
// Run: node packages/tasks/scripts/make-demo-images-a.mjs  (writes into packages/tasks/assets/demo/)
// Everything is procedural and seeded, so re-running produces byte-identical files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "assets", "demo");

// ---------- PNG encoding ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

function encodePng(canvas) {
  const { width, height, pixels } = canvas;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (width * 3 + 1);
    rows[rowStart] = 0; // filter: none
    pixels.copy(rows, rowStart + 1, y * width * 3, (y + 1) * width * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------- drawing ----------

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

const C = {
  paper: hex("#f8fafc"),
  grid: hex("#e2e8f0"),
  ink: hex("#334155"),
  blue: hex("#3b82f6"),
  sky: hex("#7dd3fc"),
  green: hex("#22c55e"),
  orange: hex("#f97316"),
  red: hex("#ef4444"),
  violet: hex("#8b5cf6"),
  amber: hex("#f59e0b"),
  slate: hex("#94a3b8"),
  wood: hex("#d6a36b"),
};

function makeCanvas(width, height, bg = C.paper) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set(bg, i * 3);
  return { width, height, pixels };
}

function setPixel(cv, x, y, color) {
  x = Math.round(x);
  y = Math.round(y);
  if (x < 0 || y < 0 || x >= cv.width || y >= cv.height) return;
  cv.pixels.set(color, (y * cv.width + x) * 3);
}

function fillRect(cv, x0, y0, w, h, color) {
  for (let y = Math.max(0, Math.round(y0)); y < Math.min(cv.height, Math.round(y0 + h)); y++)
    for (let x = Math.max(0, Math.round(x0)); x < Math.min(cv.width, Math.round(x0 + w)); x++)
      setPixel(cv, x, y, color);
}

function disc(cv, cx, cy, r, color) {
  for (let y = -r; y <= r; y++)
    for (let x = -r; x <= r; x++) if (x * x + y * y <= r * r) setPixel(cv, cx + x, cy + y, color);
}

function line(cv, x0, y0, x1, y1, color, thickness = 1) {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1) * 2;
  const r = Math.max(0, Math.floor(thickness / 2));
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    const y = y0 + ((y1 - y0) * i) / steps;
    if (r === 0) setPixel(cv, x, y, color);
    else disc(cv, x, y, r, color);
  }
}

function polyline(cv, points, color, thickness = 2) {
  for (let i = 1; i < points.length; i++)
    line(cv, points[i - 1][0], points[i - 1][1], points[i][0], points[i][1], color, thickness);
}

function gridLines(cv, step) {
  for (let x = 0; x < cv.width; x += step) line(cv, x, 0, x, cv.height - 1, C.grid);
  for (let y = 0; y < cv.height; y += step) line(cv, 0, y, cv.width - 1, y, C.grid);
}

function mix(a, b, t) {
  return a.map((v, i) => Math.round(v + (b[i] - v) * t));
}

/** Small deterministic PRNG (mulberry32) so the pictures never change between runs. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- picture recipes ----------

/** A speech-like waveform: bursts (words) separated by near-silence. `voiced` lists [start, end] fractions. */
function waveform(voiced, { seed = 1, color = C.blue, noise = 0, width = 360, height = 140 } = {}) {
  const cv = makeCanvas(width, height);
  const mid = height / 2;
  line(cv, 0, mid, width - 1, mid, C.grid);
  const rand = rng(seed);
  for (let x = 0; x < width; x++) {
    const t = x / width;
    const inWord = voiced.some(([a, b]) => t >= a && t <= b);
    let amp = noise * (0.5 + rand() * 0.5);
    if (inWord) {
      const [a, b] = voiced.find(([s, e]) => t >= s && t <= e);
      const envelope = Math.sin(((t - a) / (b - a)) * Math.PI);
      amp += envelope * (0.55 + 0.4 * Math.abs(Math.sin(x * 0.37)) * rand());
    } else amp += 0.03 * rand();
    const h = Math.min(1, amp) * (mid - 8);
    line(cv, x, mid - h, x, mid + h, color);
  }
  return cv;
}

/** Spectrogram-like heat map built from a few harmonic tracks; quantised to keep the PNG small. */
function spectrogram(tracks, { width = 360, height = 160, seed = 3 } = {}) {
  const cv = makeCanvas(width, height, hex("#0f172a"));
  const rand = rng(seed);
  const palette = [
    hex("#0f172a"),
    hex("#312e81"),
    hex("#7c3aed"),
    hex("#db2777"),
    hex("#f59e0b"),
    hex("#fde68a"),
  ];
  for (let x = 0; x < width; x += 2) {
    const t = x / width;
    for (let y = 0; y < height; y += 2) {
      const f = 1 - y / height;
      let energy = 0.08 * rand();
      for (const tr of tracks) {
        if (t < tr.start || t > tr.end) continue;
        for (let h = 1; h <= tr.harmonics; h++) {
          const centre = tr.base(t) * h;
          energy += Math.exp(-((f - centre) ** 2) / 0.0004) / h;
        }
      }
      const level = Math.min(
        palette.length - 1,
        Math.floor(Math.min(1, energy) * (palette.length - 1) + 0.3),
      );
      fillRect(cv, x, y, 2, 2, palette[level]);
    }
  }
  return cv;
}

function timeSeriesChart({ forecast }) {
  const cv = makeCanvas(360, 160);
  gridLines(cv, 40);
  const rand = rng(11);
  const value = (i) => 80 - 0.08 * i - 22 * Math.sin(i / 9) - 6 * Math.sin(i / 2.3);
  const history = [];
  for (let i = 0; i < 90; i++) history.push([10 + i * 2.6, value(i) + (rand() - 0.5) * 6]);
  polyline(cv, history, C.blue, 2);
  if (forecast) {
    const future = [];
    for (let i = 89; i < 130; i++) future.push([10 + i * 2.6, value(i)]);
    for (let k = 1; k < future.length; k++) {
      const [x, y] = future[k];
      const spread = 3 + k * 0.45;
      line(cv, x, y - spread, x, y + spread, hex("#fed7aa"), 3);
    }
    polyline(cv, future, C.orange, 2);
    line(cv, 10 + 89 * 2.6, 4, 10 + 89 * 2.6, 156, C.slate);
  }
  return cv;
}

function gridWorld({ path }) {
  const cv = makeCanvas(240, 240);
  const cell = 40;
  const walls = new Set(["1,1", "1,2", "3,3", "4,1", "2,4"]);
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 6; c++) {
      const color = walls.has(`${c},${r}`) ? C.ink : (r + c) % 2 ? hex("#ecfccb") : hex("#f7fee7");
      fillRect(cv, c * cell, r * cell, cell, cell, color);
    }
  fillRect(cv, 5 * cell + 6, 5 * cell + 6, cell - 12, cell - 12, C.green); // goal
  disc(cv, cell / 2, cell / 2, 12, C.blue); // agent
  if (path) {
    const cells = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [2, 3],
      [3, 4],
      [4, 4],
      [5, 4],
      [5, 5],
    ];
    polyline(
      cv,
      cells.map(([c, r]) => [c * cell + cell / 2, r * cell + cell / 2]),
      C.orange,
      4,
    );
  }
  return cv;
}

function robotScene({ trajectory }) {
  const cv = makeCanvas(320, 200, hex("#e0f2fe"));
  fillRect(cv, 0, 130, 320, 70, C.wood); // table
  fillRect(cv, 40, 60, 16, 75, C.slate); // robot base + arm
  line(cv, 48, 62, 120, 40, C.ink, 8);
  line(cv, 120, 40, 160, 80, C.ink, 6);
  fillRect(cv, 152, 80, 18, 6, C.ink); // gripper
  fillRect(cv, 210, 108, 24, 24, C.red); // cube
  fillRect(cv, 250, 118, 50, 14, C.green); // target tray
  if (trajectory) {
    const pts = [];
    for (let i = 0; i <= 20; i++) {
      const t = i / 20;
      pts.push([160 + 62 * t, 84 + 20 * t - 60 * t * (1 - t)]);
    }
    polyline(cv, pts, C.orange, 3);
    const lift = [];
    for (let i = 0; i <= 20; i++) {
      const t = i / 20;
      lift.push([222 + 53 * t, 104 - 70 * t * (1 - t)]);
    }
    polyline(cv, lift, C.violet, 3);
  }
  return cv;
}

function moleculeGraph() {
  const cv = makeCanvas(260, 200);
  const nodes = [
    [60, 60],
    [110, 35],
    [160, 60],
    [160, 115],
    [110, 140],
    [60, 115],
    [210, 35],
    [210, 140],
    [110, 185],
  ];
  const edges = [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 0],
    [2, 6],
    [3, 7],
    [4, 8],
  ];
  for (const [a, b] of edges) line(cv, nodes[a][0], nodes[a][1], nodes[b][0], nodes[b][1], C.ink, 3);
  const colors = [C.slate, C.slate, C.slate, C.slate, C.slate, C.slate, C.red, C.blue, C.red];
  nodes.forEach(([x, y], i) => {
    disc(cv, x, y, 13, C.ink);
    disc(cv, x, y, 10, colors[i]);
  });
  return cv;
}

function vadSegments() {
  const cv = waveform(
    [
      [0.05, 0.28],
      [0.42, 0.6],
      [0.74, 0.93],
    ],
    { seed: 7, noise: 0.05, height: 150 },
  );
  for (const [a, b] of [
    [0.05, 0.28],
    [0.42, 0.6],
    [0.74, 0.93],
  ])
    fillRect(cv, a * cv.width, 138, (b - a) * cv.width, 10, C.green);
  return cv;
}

function noisyAndClean(clean) {
  return waveform(
    [
      [0.08, 0.36],
      [0.48, 0.9],
    ],
    { seed: 5, noise: clean ? 0 : 0.35, color: clean ? C.green : C.slate },
  );
}

function tableBars() {
  // A tiny "feature importance" style bar chart used as a tabular regression output.
  const cv = makeCanvas(300, 160);
  gridLines(cv, 30);
  const bars = [0.85, 0.6, 0.42, 0.3, 0.18];
  bars.forEach((v, i) => fillRect(cv, 20, 14 + i * 28, v * 250, 18, mix(C.blue, C.sky, i / bars.length)));
  return cv;
}

const PICTURES = {
  "text-to-speech-output-waveform.png": () =>
    waveform([
      [0.04, 0.2],
      [0.24, 0.45],
      [0.52, 0.7],
      [0.75, 0.96],
    ]),
  "text-to-audio-output-spectrogram.png": () =>
    spectrogram([
      { start: 0.0, end: 1.0, harmonics: 4, base: (t) => 0.12 + 0.02 * Math.sin(t * 20) },
      { start: 0.25, end: 0.9, harmonics: 3, base: (t) => 0.3 + 0.1 * t },
    ]),
  "automatic-speech-recognition-input-waveform.png": () =>
    waveform(
      [
        [0.03, 0.22],
        [0.27, 0.5],
        [0.56, 0.78],
        [0.82, 0.97],
      ],
      { seed: 2 },
    ),
  "audio-to-audio-input-noisy.png": () => noisyAndClean(false),
  "audio-to-audio-output-clean.png": () => noisyAndClean(true),
  "audio-classification-input-spectrogram.png": () =>
    spectrogram(
      [{ start: 0.1, end: 0.85, harmonics: 5, base: (t) => 0.09 + 0.05 * Math.abs(Math.sin(t * 9)) }],
      {
        seed: 4,
      },
    ),
  "audio-text-to-text-input-waveform.png": () =>
    waveform(
      [
        [0.06, 0.3],
        [0.36, 0.62],
        [0.7, 0.92],
      ],
      { seed: 9, color: C.violet },
    ),
  "voice-activity-detection-input-waveform.png": () =>
    waveform(
      [
        [0.05, 0.28],
        [0.42, 0.6],
        [0.74, 0.93],
      ],
      { seed: 7, noise: 0.05, height: 150 },
    ),
  "voice-activity-detection-output-segments.png": vadSegments,
  "time-series-forecasting-input-history.png": () => timeSeriesChart({ forecast: false }),
  "time-series-forecasting-output-forecast.png": () => timeSeriesChart({ forecast: true }),
  "reinforcement-learning-input-environment.png": () => gridWorld({ path: false }),
  "reinforcement-learning-output-trajectory.png": () => gridWorld({ path: true }),
  "robotics-input-camera.png": () => robotScene({ trajectory: false }),
  "robotics-output-trajectory.png": () => robotScene({ trajectory: true }),
  "graph-ml-input-molecule.png": moleculeGraph,
  "tabular-regression-output-importance.png": tableBars,
};

mkdirSync(OUT_DIR, { recursive: true });
for (const [name, draw] of Object.entries(PICTURES)) {
  const png = encodePng(draw());
  writeFileSync(join(OUT_DIR, name), png);
  console.log(`${name}\t${png.length} bytes`);
}
