// Draws the demo pictures for the vision / multimodal task pages (catalogue part B).
// Everything is procedural: flat shapes and gradients, encoded as PNG with node:zlib.
// Run: node packages/tasks/scripts/make-demo-images-b.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "assets", "demo");
const MAX_BYTES = 40 * 1024;

// ---------- PNG encoding ----------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(canvas) {
  const { width, height, pixels } = canvas;
  const stride = width * 3;
  // Filter "Sub" on every row: flat areas become runs of zeros, which deflate well.
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (stride + 1);
    raw[rowStart] = 1;
    for (let i = 0; i < stride; i++) {
      const cur = pixels[y * stride + i];
      const left = i >= 3 ? pixels[y * stride + i - 3] : 0;
      raw[rowStart + 1 + i] = (cur - left) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------- A tiny raster canvas ----------

class Canvas {
  constructor(width, height, fill = [255, 255, 255]) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, fill);
  }

  get(x, y) {
    const i = (y * this.width + x) * 3;
    return [this.pixels[i], this.pixels[i + 1], this.pixels[i + 2]];
  }

  plot(x, y, color, alpha = 1) {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++) {
      this.pixels[i + c] = Math.round(this.pixels[i + c] * (1 - alpha) + color[c] * alpha);
    }
  }

  rect(x0, y0, w, h, color, alpha = 1) {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y0 + h)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x0 + w)); x++) {
        this.plot(x, y, color, alpha);
      }
    }
  }

  outline(x0, y0, w, h, color, thickness = 2) {
    this.rect(x0, y0, w, thickness, color);
    this.rect(x0, y0 + h - thickness, w, thickness, color);
    this.rect(x0, y0, thickness, h, color);
    this.rect(x0 + w - thickness, y0, thickness, h, color);
  }

  /** Fills every pixel for which inside(x, y) holds, within a bounding box. */
  region(x0, y0, x1, y1, inside, color, alpha = 1) {
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(this.height - 1, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(this.width - 1, Math.ceil(x1)); x++) {
        if (inside(x + 0.5, y + 0.5)) this.plot(x, y, color, alpha);
      }
    }
  }

  ellipse(cx, cy, rx, ry, color, alpha = 1) {
    this.region(
      cx - rx,
      cy - ry,
      cx + rx,
      cy + ry,
      (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1,
      color,
      alpha,
    );
  }

  circle(cx, cy, r, color, alpha = 1) {
    this.ellipse(cx, cy, r, r, color, alpha);
  }

  triangle(a, b, c, color, alpha = 1) {
    const sign = (p, q, r) => (p[0] - r[0]) * (q[1] - r[1]) - (q[0] - r[0]) * (p[1] - r[1]);
    const inside = (x, y) => {
      const p = [x, y];
      const d1 = sign(p, a, b);
      const d2 = sign(p, b, c);
      const d3 = sign(p, c, a);
      const neg = d1 < 0 || d2 < 0 || d3 < 0;
      const pos = d1 > 0 || d2 > 0 || d3 > 0;
      return !(neg && pos);
    };
    const xs = [a[0], b[0], c[0]];
    const ys = [a[1], b[1], c[1]];
    this.region(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), inside, color, alpha);
  }

  line(x0, y0, x1, y1, color, width = 2) {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0)) + 1;
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      this.circle(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, width / 2, color);
    }
  }

  verticalGradient(y0, y1, top, bottom) {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      const t = (y - y0) / Math.max(1, y1 - y0 - 1);
      const color = top.map((v, c) => v + (bottom[c] - v) * t);
      this.rect(0, y, this.width, 1, color);
    }
  }

  map(fn) {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const i = (y * this.width + x) * 3;
        const out = fn([this.pixels[i], this.pixels[i + 1], this.pixels[i + 2]], x, y);
        for (let c = 0; c < 3; c++) this.pixels[i + c] = Math.max(0, Math.min(255, Math.round(out[c])));
      }
    }
  }

  /** Copies another canvas in at (dx, dy). */
  paste(other, dx, dy) {
    for (let y = 0; y < other.height; y++) {
      for (let x = 0; x < other.width; x++) this.plot(dx + x, dy + y, other.get(x, y));
    }
  }
}

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- The shared countryside scene ----------

/** Geometry of the scene, relative to its size, so that boxes and masks line up with the drawing. */
function sceneLayout(w, h, ballX = 0.78) {
  return {
    horizon: 0.62 * h,
    sun: { cx: 0.84 * w, cy: 0.18 * h, r: 0.08 * h },
    house: { x: 0.1 * w, y: 0.42 * h, w: 0.28 * w, h: 0.3 * h },
    roof: [
      [0.07 * w, 0.43 * h],
      [0.41 * w, 0.43 * h],
      [0.24 * w, 0.22 * h],
    ],
    door: { x: 0.21 * w, y: 0.56 * h, w: 0.06 * w, h: 0.16 * h },
    window: { x: 0.13 * w, y: 0.49 * h, w: 0.06 * w, h: 0.07 * h },
    trunk: { x: 0.56 * w, y: 0.48 * h, w: 0.035 * w, h: 0.28 * h },
    canopy: { cx: 0.578 * w, cy: 0.4 * h, r: 0.13 * h },
    ball: { cx: ballX * w, cy: 0.8 * h, r: 0.07 * h },
  };
}

function drawScene(w, h, options = {}) {
  const L = sceneLayout(w, h, options.ballX);
  const palette = {
    skyTop: [120, 180, 235],
    skyBottom: [205, 228, 246],
    groundTop: [110, 175, 90],
    groundBottom: [60, 125, 55],
    wall: [214, 160, 110],
    roof: [160, 60, 55],
    ball: [220, 40, 40],
    ...options.palette,
  };
  const c = new Canvas(w, h);
  c.verticalGradient(0, L.horizon, palette.skyTop, palette.skyBottom);
  c.verticalGradient(L.horizon, h, palette.groundTop, palette.groundBottom);
  c.circle(L.sun.cx, L.sun.cy, L.sun.r, [255, 215, 70]);
  c.rect(L.house.x, L.house.y, L.house.w, L.house.h, palette.wall);
  c.triangle(...L.roof, palette.roof);
  c.rect(L.door.x, L.door.y, L.door.w, L.door.h, [110, 70, 40]);
  c.rect(L.window.x, L.window.y, L.window.w, L.window.h, [170, 215, 240]);
  c.rect(L.trunk.x, L.trunk.y, L.trunk.w, L.trunk.h, [110, 75, 45]);
  c.circle(L.canopy.cx, L.canopy.cy, L.canopy.r, [40, 120, 50]);
  c.circle(L.canopy.cx - L.canopy.r * 0.35, L.canopy.cy - L.canopy.r * 0.3, L.canopy.r * 0.45, [60, 145, 65]);
  c.ellipse(L.ball.cx, L.ball.cy + L.ball.r * 0.95, L.ball.r * 1.1, L.ball.r * 0.25, [45, 95, 45]);
  c.circle(L.ball.cx, L.ball.cy, L.ball.r, palette.ball);
  c.circle(L.ball.cx - L.ball.r * 0.35, L.ball.cy - L.ball.r * 0.35, L.ball.r * 0.25, [255, 170, 170]);
  return c;
}

/** Bounding boxes of the scene objects, as [x, y, w, h]. */
function sceneBoxes(w, h) {
  const L = sceneLayout(w, h);
  return {
    house: [L.roof[0][0], L.roof[2][1], L.roof[1][0] - L.roof[0][0], L.house.y + L.house.h - L.roof[2][1]],
    tree: [
      L.canopy.cx - L.canopy.r,
      L.canopy.cy - L.canopy.r,
      2 * L.canopy.r,
      L.trunk.y + L.trunk.h - (L.canopy.cy - L.canopy.r),
    ],
    ball: [L.ball.cx - L.ball.r, L.ball.cy - L.ball.r, 2 * L.ball.r, 2 * L.ball.r],
    sun: [L.sun.cx - L.sun.r, L.sun.cy - L.sun.r, 2 * L.sun.r, 2 * L.sun.r],
  };
}

function drawBoxes(c, boxes, colors) {
  Object.entries(boxes).forEach(([name, [x, y, bw, bh]]) => {
    const color = colors[name];
    if (!color) return;
    c.outline(x - 3, y - 3, bw + 6, bh + 6, color, 3);
    c.rect(x - 3, y - 11, Math.min(bw + 6, 34), 9, color);
  });
  return c;
}

/** Draws each scene part as one flat colour (class map / depth map / masks). */
function drawScenePartition(w, h, colors, alpha = 1, base = new Canvas(w, h)) {
  const L = sceneLayout(w, h);
  const c = base;
  if (colors.sky) c.rect(0, 0, w, L.horizon, colors.sky, alpha);
  if (colors.ground) c.rect(0, L.horizon, w, h - L.horizon, colors.ground, alpha);
  if (colors.sun) c.circle(L.sun.cx, L.sun.cy, L.sun.r, colors.sun, alpha);
  if (colors.house) {
    c.rect(L.house.x, L.house.y, L.house.w, L.house.h, colors.house, alpha);
    c.triangle(...L.roof, colors.roof ?? colors.house, alpha);
  }
  if (colors.tree) {
    c.rect(L.trunk.x, L.trunk.y, L.trunk.w, L.trunk.h, colors.trunk ?? colors.tree, alpha);
    c.circle(L.canopy.cx, L.canopy.cy, L.canopy.r, colors.tree, alpha);
  }
  if (colors.ball) c.circle(L.ball.cx, L.ball.cy, L.ball.r, colors.ball, alpha);
  return c;
}

function depthMap(w, h) {
  const L = sceneLayout(w, h);
  const c = new Canvas(w, h, [12, 12, 30]);
  // Near is bright, far is dark; the ground gets closer towards the bottom edge.
  for (let y = Math.floor(L.horizon); y < h; y++) {
    const t = (y - L.horizon) / (h - L.horizon);
    const v = 60 + 190 * t;
    c.rect(0, y, w, 1, [v, v * 0.85, v * 0.45 + 30]);
  }
  c.circle(L.sun.cx, L.sun.cy, L.sun.r, [18, 18, 40]);
  drawScenePartition(w, h, { house: [120, 100, 80], tree: [150, 125, 90], ball: [245, 215, 150] }, 1, c);
  return c;
}

// ---------- Other subjects ----------

function drawCat(w, h) {
  const c = new Canvas(w, h);
  c.verticalGradient(0, h, [236, 226, 210], [200, 185, 165]);
  const cx = w / 2;
  const cy = h * 0.56;
  const r = h * 0.3;
  const fur = [228, 140, 60];
  c.triangle(
    [cx - r * 0.95, cy - r * 0.3],
    [cx - r * 0.25, cy - r * 0.85],
    [cx - r * 0.9, cy - r * 1.35],
    fur,
  );
  c.triangle(
    [cx + r * 0.95, cy - r * 0.3],
    [cx + r * 0.25, cy - r * 0.85],
    [cx + r * 0.9, cy - r * 1.35],
    fur,
  );
  c.triangle(
    [cx - r * 0.8, cy - r * 0.5],
    [cx - r * 0.4, cy - r * 0.8],
    [cx - r * 0.78, cy - r * 1.1],
    [240, 170, 170],
  );
  c.triangle(
    [cx + r * 0.8, cy - r * 0.5],
    [cx + r * 0.4, cy - r * 0.8],
    [cx + r * 0.78, cy - r * 1.1],
    [240, 170, 170],
  );
  c.ellipse(cx, cy, r, r * 0.88, fur);
  for (const dx of [-0.25, 0, 0.25])
    c.rect(cx + dx * r - r * 0.05, cy - r * 0.88, r * 0.1, r * 0.35, [180, 95, 35]);
  c.ellipse(cx, cy + r * 0.35, r * 0.45, r * 0.32, [248, 228, 200]);
  for (const side of [-1, 1]) {
    c.ellipse(cx + side * r * 0.38, cy - r * 0.12, r * 0.17, r * 0.14, [120, 200, 90]);
    c.ellipse(cx + side * r * 0.38, cy - r * 0.12, r * 0.05, r * 0.13, [20, 20, 20]);
    for (const dy of [-0.06, 0.06]) {
      c.line(
        cx + side * r * 0.3,
        cy + r * (0.3 + dy),
        cx + side * r * 1.15,
        cy + r * (0.25 + dy * 3),
        [60, 50, 45],
        1.5,
      );
    }
  }
  c.triangle(
    [cx - r * 0.1, cy + r * 0.15],
    [cx + r * 0.1, cy + r * 0.15],
    [cx, cy + r * 0.28],
    [225, 110, 130],
  );
  return c;
}

function drawLighthouse(w, h) {
  const c = new Canvas(w, h);
  const horizon = h * 0.66;
  c.verticalGradient(0, horizon, [70, 50, 120], [250, 150, 80]);
  c.verticalGradient(horizon, h, [60, 80, 140], [20, 35, 80]);
  c.circle(w * 0.28, horizon, h * 0.12, [255, 200, 110]);
  for (let y = horizon + 6; y < h; y += 9) c.rect(w * 0.18, y, w * 0.2, 2, [255, 190, 120], 0.5);
  c.ellipse(w * 0.72, h * 0.88, w * 0.25, h * 0.1, [50, 45, 50]);
  const baseY = h * 0.82;
  const top = h * 0.3;
  for (let i = 0; i < 5; i++) {
    const y0 = top + ((baseY - top) * i) / 5;
    const y1 = top + ((baseY - top) * (i + 1)) / 5;
    const half0 = w * (0.035 + 0.025 * (i / 5));
    const half1 = w * (0.035 + 0.025 * ((i + 1) / 5));
    const color = i % 2 === 0 ? [235, 235, 235] : [200, 40, 45];
    c.triangle([w * 0.72 - half0, y0], [w * 0.72 + half0, y0], [w * 0.72 + half1, y1], color);
    c.triangle([w * 0.72 - half0, y0], [w * 0.72 - half1, y1], [w * 0.72 + half1, y1], color);
  }
  c.rect(w * 0.69, h * 0.24, w * 0.06, h * 0.06, [255, 240, 160]);
  c.triangle([w * 0.68, h * 0.24], [w * 0.76, h * 0.24], [w * 0.72, h * 0.19], [60, 40, 40]);
  c.triangle([w * 0.72, h * 0.27], [w * 0.05, h * 0.12], [w * 0.05, h * 0.3], [255, 245, 190], 0.35);
  return c;
}

function drawButterfly(c, cx, cy, size, rand) {
  const hue = () => [80 + rand() * 175, 60 + rand() * 160, 60 + rand() * 195];
  const upper = hue();
  const lower = hue();
  for (const side of [-1, 1]) {
    c.ellipse(cx + side * size * 0.45, cy - size * 0.25, size * 0.45, size * 0.35, upper);
    c.ellipse(cx + side * size * 0.35, cy + size * 0.3, size * 0.3, size * 0.25, lower);
    c.circle(cx + side * size * 0.5, cy - size * 0.3, size * 0.1, [250, 250, 240]);
  }
  c.ellipse(cx, cy, size * 0.07, size * 0.5, [40, 30, 30]);
  c.line(cx, cy - size * 0.45, cx - size * 0.2, cy - size * 0.75, [40, 30, 30], 1.5);
  c.line(cx, cy - size * 0.45, cx + size * 0.2, cy - size * 0.75, [40, 30, 30], 1.5);
}

function butterflyGrid(w, h) {
  const c = new Canvas(w, h, [245, 243, 236]);
  const rand = seededRandom(7);
  const cols = 3;
  const rows = 2;
  for (let i = 0; i < cols * rows; i++) {
    const cellW = w / cols;
    const cellH = h / rows;
    const x = (i % cols) * cellW;
    const y = Math.floor(i / cols) * cellH;
    c.rect(x + 3, y + 3, cellW - 6, cellH - 6, [225 + rand() * 25, 230, 220 + rand() * 30]);
    drawButterfly(c, x + cellW / 2, y + cellH / 2 + 4, Math.min(cellW, cellH) * 0.38, rand);
  }
  return c;
}

/** A strip of video frames with sprocket holes; frame(i) returns a canvas per frame. */
function filmstrip(frameCount, frameW, frameH, frame) {
  const gap = 8;
  const w = frameCount * (frameW + gap) + gap;
  const h = frameH + 28;
  const c = new Canvas(w, h, [28, 28, 32]);
  for (let x = 6; x < w; x += 16) {
    c.rect(x, 4, 8, 6, [200, 200, 200]);
    c.rect(x, h - 10, 8, 6, [200, 200, 200]);
  }
  for (let i = 0; i < frameCount; i++) c.paste(frame(i), gap + i * (frameW + gap), 14);
  return c;
}

function winterize(c) {
  const rand = seededRandom(11);
  c.map(([r, g, b], x, y) => {
    const grey = (r + g + b) / 3;
    const isGreen = g > r + 15 && g > b;
    if (isGreen && y > c.height * 0.6) return [235, 240, 248];
    return [grey * 0.5 + r * 0.3 + 40, grey * 0.5 + g * 0.3 + 45, grey * 0.4 + b * 0.4 + 70];
  });
  for (let i = 0; i < (c.width * c.height) / 90; i++)
    c.circle(rand() * c.width, rand() * c.height, 1.2, [255, 255, 255]);
  return c;
}

function nightify(c) {
  c.map(([r, g, b]) => [r * 0.35 + 10, g * 0.4 + 15, b * 0.6 + 45]);
  return c;
}

function paintingStyle(c) {
  // Posterise into a few bands, like a flat gouache painting.
  c.map(([r, g, b]) => [
    Math.round(r / 64) * 64 + 20,
    Math.round(g / 64) * 64 + 10,
    Math.round(b / 64) * 64 + 30,
  ]);
  return c;
}

function drawRainbow(c) {
  const cx = c.width * 0.5;
  const cy = c.height * 0.64;
  const bands = [
    [230, 50, 50],
    [240, 140, 40],
    [245, 220, 60],
    [70, 180, 80],
    [60, 120, 220],
    [120, 70, 190],
  ];
  bands.forEach((color, i) => {
    const outer = c.height * 0.6 - i * 6;
    const inner = outer - 6;
    c.region(
      cx - outer,
      cy - outer,
      cx + outer,
      cy,
      (x, y) => {
        const d = Math.hypot(x - cx, y - cy);
        return d <= outer && d > inner && y < cy;
      },
      color,
      0.55,
    );
  });
  return c;
}

function drawDocument(w, h) {
  const c = new Canvas(w, h, [226, 228, 232]);
  const px = w * 0.08;
  const pw = w * 0.84;
  c.rect(px + 4, 10, pw, h - 16, [190, 192, 198]);
  c.rect(px, 6, pw, h - 16, [255, 255, 255]);
  c.rect(px, 6, pw, 26, [35, 60, 110]);
  c.rect(px + 10, 14, pw * 0.35, 10, [235, 240, 250]);
  c.rect(px + pw - 70, 44, 60, 8, [120, 120, 120]);
  c.rect(px + pw - 70, 56, 45, 6, [170, 170, 170]);
  c.rect(px + 10, 44, pw * 0.3, 7, [80, 80, 80]);
  c.rect(px + 10, 56, pw * 0.4, 5, [170, 170, 170]);
  c.rect(px + 10, 64, pw * 0.35, 5, [170, 170, 170]);
  const tableTop = 84;
  c.rect(px + 10, tableTop, pw - 20, 12, [225, 232, 245]);
  for (let row = 0; row < 6; row++) {
    const y = tableTop + 16 + row * 16;
    c.rect(px + 14, y, pw * 0.45 - row * 4, 5, [130, 130, 130]);
    c.rect(px + pw - 60, y, 40, 5, [100, 100, 100]);
    c.rect(px + 10, y + 10, pw - 20, 1, [220, 220, 220]);
  }
  const totalY = tableTop + 16 + 6 * 16 + 6;
  c.rect(px + 10, totalY, pw - 20, 16, [255, 244, 200]);
  c.rect(px + 14, totalY + 5, 40, 6, [40, 40, 40]);
  c.rect(px + pw - 64, totalY + 5, 48, 6, [20, 20, 20]);
  for (let i = 0; i < 3; i++) c.rect(px + 10, totalY + 30 + i * 9, pw * (0.7 - i * 0.15), 4, [185, 185, 185]);
  return c;
}

function drawPages(w, h) {
  const c = new Canvas(w, h, [236, 238, 242]);
  const pageW = (w - 40) / 3;
  const pageH = h - 20;
  for (let i = 0; i < 3; i++) {
    const x = 10 + i * (pageW + 10);
    c.rect(x + 3, 13, pageW, pageH, [195, 197, 203]);
    c.rect(x, 10, pageW, pageH, [255, 255, 255]);
    c.rect(x + 8, 18, pageW * 0.6, 7, [50, 50, 60]);
    for (let l = 0; l < 4; l++) c.rect(x + 8, 32 + l * 8, pageW - 16 - (l % 2) * 12, 3, [175, 175, 175]);
    if (i === 1) {
      const bars = [0.5, 0.8, 0.35, 0.95, 0.65];
      bars.forEach((v, b) => {
        const bh = v * (pageH * 0.4);
        c.rect(
          x + 10 + b * ((pageW - 20) / 5),
          10 + pageH - 14 - bh,
          (pageW - 20) / 5 - 4,
          bh,
          [60, 120, 200],
        );
      });
      c.rect(x + 8, 10 + pageH - 12, pageW - 16, 1, [90, 90, 90]);
    } else {
      for (let l = 0; l < 7; l++) c.rect(x + 8, 72 + l * 8, pageW - 16 - ((l * 7) % 20), 3, [190, 190, 190]);
    }
  }
  return c;
}

function shadedCube(c, cx, cy, s, tint = [1, 1, 1]) {
  const shade = (v) => v.map((x, i) => x * tint[i]);
  const top = [cx, cy - s];
  const left = [cx - s * 0.87, cy - s * 0.5];
  const right = [cx + s * 0.87, cy - s * 0.5];
  const center = [cx, cy];
  const bottom = [cx, cy + s];
  const leftLow = [cx - s * 0.87, cy + s * 0.5];
  const rightLow = [cx + s * 0.87, cy + s * 0.5];
  c.ellipse(cx + s * 0.2, cy + s * 1.05, s * 1.1, s * 0.22, [0, 0, 0], 0.18);
  c.triangle(top, left, center, shade([235, 235, 240]));
  c.triangle(top, right, center, shade([235, 235, 240]));
  c.triangle(left, center, leftLow, shade([170, 170, 185]));
  c.triangle(center, leftLow, bottom, shade([170, 170, 185]));
  c.triangle(right, center, rightLow, shade([120, 120, 140]));
  c.triangle(center, rightLow, bottom, shade([120, 120, 140]));
}

function drawMug(c, cx, cy, s, body, shaded) {
  const w = s * 0.9;
  const h = s * 1.1;
  c.ellipse(cx + s * 0.1, cy + h / 2 + 2, w * 0.75, s * 0.12, [0, 0, 0], 0.15);
  c.circle(cx + w / 2 + s * 0.05, cy, s * 0.3, body);
  c.circle(cx + w / 2 + s * 0.05, cy, s * 0.17, shaded ? [250, 250, 252] : [235, 225, 210]);
  for (let x = 0; x < w; x++) {
    const t = x / w;
    const light = shaded ? 0.55 + 0.6 * Math.sin(Math.PI * (t * 0.9 + 0.05)) : 1;
    c.rect(
      cx - w / 2 + x,
      cy - h / 2,
      1,
      h,
      body.map((v) => Math.min(255, v * light)),
    );
  }
  c.ellipse(
    cx,
    cy + h / 2,
    w / 2,
    s * 0.1,
    body.map((v) => v * 0.8),
  );
  c.ellipse(
    cx,
    cy - h / 2,
    w / 2,
    s * 0.1,
    body.map((v) => Math.min(255, v * 1.1)),
  );
  c.ellipse(cx, cy - h / 2, w / 2 - 3, s * 0.1 - 2, [90, 55, 35]);
}

function drawPerson(c, p, shirt, trousers) {
  const skin = [235, 190, 150];
  c.line(p.hipL[0], p.hipL[1], p.kneeL[0], p.kneeL[1], trousers, 11);
  c.line(p.kneeL[0], p.kneeL[1], p.ankleL[0], p.ankleL[1], trousers, 10);
  c.line(p.hipR[0], p.hipR[1], p.kneeR[0], p.kneeR[1], trousers, 11);
  c.line(p.kneeR[0], p.kneeR[1], p.ankleR[0], p.ankleR[1], trousers, 10);
  c.triangle(p.shoulderL, p.shoulderR, p.hipR, shirt);
  c.triangle(p.shoulderL, p.hipL, p.hipR, shirt);
  c.line(p.shoulderL[0], p.shoulderL[1], p.elbowL[0], p.elbowL[1], shirt, 9);
  c.line(p.elbowL[0], p.elbowL[1], p.wristL[0], p.wristL[1], skin, 7);
  c.line(p.shoulderR[0], p.shoulderR[1], p.elbowR[0], p.elbowR[1], shirt, 9);
  c.line(p.elbowR[0], p.elbowR[1], p.wristR[0], p.wristR[1], skin, 7);
  c.circle(p.head[0], p.head[1] + 4, 14, skin);
  c.ellipse(p.head[0], p.head[1] - 5, 14, 8, [70, 45, 30]);
}

function personPose(w, h) {
  const cx = w * 0.5;
  return {
    head: [cx, h * 0.16],
    shoulderL: [cx - 22, h * 0.3],
    shoulderR: [cx + 22, h * 0.3],
    elbowL: [cx - 46, h * 0.22],
    elbowR: [cx + 42, h * 0.42],
    wristL: [cx - 56, h * 0.09],
    wristR: [cx + 56, h * 0.53],
    hipL: [cx - 14, h * 0.58],
    hipR: [cx + 14, h * 0.58],
    kneeL: [cx - 26, h * 0.74],
    kneeR: [cx + 20, h * 0.76],
    ankleL: [cx - 36, h * 0.92],
    ankleR: [cx + 24, h * 0.93],
  };
}

function drawPersonScene(w, h) {
  const c = new Canvas(w, h);
  c.verticalGradient(0, h * 0.7, [215, 230, 240], [240, 240, 235]);
  c.verticalGradient(h * 0.7, h, [190, 180, 160], [160, 150, 130]);
  drawPerson(c, personPose(w, h), [40, 110, 190], [50, 55, 70]);
  return c;
}

function drawSkeleton(c, p) {
  const bones = [
    ["shoulderL", "shoulderR"],
    ["shoulderL", "elbowL"],
    ["elbowL", "wristL"],
    ["shoulderR", "elbowR"],
    ["elbowR", "wristR"],
    ["shoulderL", "hipL"],
    ["shoulderR", "hipR"],
    ["hipL", "hipR"],
    ["hipL", "kneeL"],
    ["kneeL", "ankleL"],
    ["hipR", "kneeR"],
    ["kneeR", "ankleR"],
  ];
  for (const [a, b] of bones) c.line(p[a][0], p[a][1], p[b][0], p[b][1], [255, 220, 0], 3);
  c.line(p.head[0], p.head[1] + 6, (p.shoulderL[0] + p.shoulderR[0]) / 2, p.shoulderL[1], [255, 220, 0], 3);
  for (const [x, y] of Object.values(p)) {
    c.circle(x, y, 5, [20, 20, 20]);
    c.circle(x, y, 3.5, [240, 40, 90]);
  }
  return c;
}

// ---------- Output ----------

const W = 256;
const H = 192;
const images = new Map();
const add = (name, canvas) => images.set(name, canvas);

const sceneFrames =
  (count, fw, fh, post = (c) => c) =>
  (i) =>
    post(drawScene(fw, fh, { ballX: 0.45 + (0.45 * i) / (count - 1) }));

const boxColors = { house: [230, 60, 60], tree: [40, 90, 220], ball: [250, 200, 0] };

add("depth-estimation-input.png", drawScene(W, H));
add("depth-estimation-output.png", depthMap(W, H));
add("image-classification-input.png", drawCat(W, H));
add("object-detection-input.png", drawScene(W, H));
add("object-detection-output.png", drawBoxes(drawScene(W, H), sceneBoxes(W, H), boxColors));
add("image-segmentation-input.png", drawScene(W, H));
add(
  "image-segmentation-output.png",
  drawScenePartition(W, H, {
    sky: [70, 130, 180],
    ground: [107, 142, 35],
    sun: [250, 170, 30],
    house: [220, 20, 60],
    roof: [220, 20, 60],
    tree: [0, 100, 0],
    ball: [255, 220, 0],
  }),
);
add("text-to-image-output.png", drawLighthouse(W, H));
add("image-to-text-input.png", drawScene(W, H));
add("image-to-image-input.png", drawScene(W, H));
add("image-to-image-output.png", winterize(drawScene(W, H)));
add("image-to-video-input.png", drawScene(W, H));
add("image-to-video-output.png", filmstrip(4, 72, 54, sceneFrames(4, 72, 54)));
add("unconditional-image-generation-output.png", butterflyGrid(W, H));
add("video-classification-input.png", filmstrip(4, 72, 54, sceneFrames(4, 72, 54)));
add(
  "text-to-video-output.png",
  filmstrip(4, 72, 54, (i) => drawLighthouse(72, 54 + i * 0)),
);
add("image-text-to-text-input.png", drawScene(W, H));
add("image-text-to-image-input.png", drawScene(W, H));
add(
  "image-text-to-image-output.png",
  drawRainbow(drawScene(W, H, { palette: { wall: [90, 130, 210], roof: [40, 60, 130] } })),
);
add("image-text-to-video-input.png", drawScene(W, H));
add("image-text-to-video-output.png", filmstrip(4, 72, 54, sceneFrames(4, 72, 54, nightify)));
add("visual-question-answering-input.png", drawScene(W, H));
add("document-question-answering-input.png", drawDocument(200, 256));
add("zero-shot-image-classification-input.png", drawScene(W, H));
add("mask-generation-input.png", drawScene(W, H));
add(
  "mask-generation-output.png",
  drawScenePartition(
    W,
    H,
    {
      sky: [120, 90, 200],
      ground: [60, 200, 170],
      sun: [255, 120, 40],
      house: [240, 80, 120],
      roof: [250, 170, 60],
      tree: [70, 220, 90],
      trunk: [200, 90, 230],
      ball: [40, 140, 250],
    },
    0.55,
    drawScene(W, H),
  ),
);
add("zero-shot-object-detection-input.png", drawScene(W, H));
add(
  "zero-shot-object-detection-output.png",
  drawBoxes(drawScene(W, H), sceneBoxes(W, H), { house: [230, 60, 60], ball: [250, 200, 0] }),
);
{
  const c = new Canvas(W, H);
  c.verticalGradient(0, H, [240, 242, 248], [205, 210, 222]);
  shadedCube(c, W * 0.5, H * 0.48, H * 0.3, [1, 0.85, 0.7]);
  add("text-to-3d-output.png", c);
}
{
  const c = new Canvas(W, H);
  c.verticalGradient(0, H * 0.65, [235, 225, 210], [215, 200, 180]);
  c.verticalGradient(H * 0.65, H, [150, 110, 80], [120, 85, 60]);
  drawMug(c, W * 0.45, H * 0.55, H * 0.42, [40, 120, 170], false);
  add("image-to-3d-input.png", c);
}
{
  const c = new Canvas(W, H, [44, 46, 54]);
  for (let i = 0; i < 3; i++) {
    c.rect(6 + i * 83, 30, 78, 132, [58, 60, 70]);
    drawMug(c, 40 + i * 83, H * 0.52, 40 - i * 2, [170, 175, 185], true);
  }
  add("image-to-3d-output.png", c);
}
add("image-feature-extraction-input.png", drawCat(W, H));
add("video-text-to-text-input.png", filmstrip(4, 72, 54, sceneFrames(4, 72, 54)));
add("keypoint-detection-input.png", drawPersonScene(W, H));
add("keypoint-detection-output.png", drawSkeleton(drawPersonScene(W, H), personPose(W, H)));
add("visual-document-retrieval-input.png", drawPages(W, H));
add("any-to-any-input.png", drawScene(W, H));
add("any-to-any-output.png", paintingStyle(drawScene(W, H)));
add("video-to-video-input.png", filmstrip(4, 72, 54, sceneFrames(4, 72, 54)));
add(
  "video-to-video-output.png",
  filmstrip(
    4,
    72,
    54,
    sceneFrames(4, 72, 54, (c) => winterize(c)),
  ),
);

mkdirSync(OUT_DIR, { recursive: true });
let failures = 0;
for (const [name, canvas] of images) {
  const png = encodePng(canvas);
  writeFileSync(join(OUT_DIR, name), png);
  if (png.length > MAX_BYTES) {
    failures++;
    console.error(`${name}: ${png.length} bytes, over the ${MAX_BYTES}-byte budget`);
  }
}
console.log(`wrote ${images.size} images to ${OUT_DIR}`);
if (failures > 0) process.exitCode = 1;
