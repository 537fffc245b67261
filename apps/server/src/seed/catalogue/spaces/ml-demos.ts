import { page } from "./page.js";

export function confusionMatrix(): string {
  return page(
    "Confusion matrix explorer",
    `<p class="lead">Edit the counts (rows: true class, columns: predicted) and watch precision, recall and F1 update.</p>
<table id="matrix"></table><h3>Per-class metrics</h3><table id="metrics"></table><p id="acc"></p>`,
    `const labels = ["cat", "dog", "bird"];
const counts = [[42, 5, 3], [6, 38, 6], [2, 4, 44]];
function metrics() {
  const total = counts.flat().reduce((a, b) => a + b, 0);
  const correct = labels.reduce((s, _, i) => s + counts[i][i], 0);
  $("#acc").textContent = "Accuracy: " + (total ? (100 * correct / total).toFixed(1) : "0") + "% of " + total + " examples";
  $("#metrics").innerHTML = "<tr><th>class</th><th>precision</th><th>recall</th><th>F1</th></tr>" + labels.map((label, i) => {
    const tp = counts[i][i];
    const predicted = counts.reduce((s, row) => s + row[i], 0);
    const actual = counts[i].reduce((a, b) => a + b, 0);
    const p = predicted ? tp / predicted : 0, r = actual ? tp / actual : 0, f = p + r ? 2 * p * r / (p + r) : 0;
    return "<tr><td>" + label + "</td><td>" + p.toFixed(3) + "</td><td>" + r.toFixed(3) + "</td><td>" + f.toFixed(3) + "</td></tr>";
  }).join("");
}
function draw() {
  const max = Math.max(...counts.flat(), 1);
  $("#matrix").innerHTML = "<tr><th></th>" + labels.map((l) => "<th>" + l + "</th>").join("") + "</tr>" + counts.map((row, i) => "<tr><th>" + labels[i] + "</th>" + row.map((v, j) => '<td style="background:hsl(250 80% 60% / ' + (v / max).toFixed(2) + ')"><input data-i="' + i + '" data-j="' + j + '" type="number" min="0" value="' + v + '" style="width:4rem"></td>').join("") + "</tr>").join("");
  document.querySelectorAll("#matrix input").forEach((input) => input.addEventListener("change", () => {
    counts[Number(input.dataset.i)][Number(input.dataset.j)] = Math.max(0, Number(input.value) || 0);
    draw();
  }));
  metrics();
}
draw();`,
  );
}

export function softmaxTemperature(): string {
  return page(
    "Sampling temperature explorer",
    `<p class="lead">How temperature reshapes a model's next-token distribution. Low values sharpen it, high values flatten it.</p>
<p><label>Temperature <input id="t" type="range" min="0.1" max="2.5" step="0.05" value="1"></label> <span id="tv"></span>
<label style="margin-left:1rem">top-p <input id="p" type="range" min="0.1" max="1" step="0.05" value="1"></label> <span id="pv"></span></p>
<div id="bars"></div>`,
    `const tokens = [["Paris", 6.1], ["London", 4.2], ["Rome", 3.9], ["Berlin", 3.1], ["Madrid", 2.4], ["Lyon", 1.2], ["banana", -1]];
function render() {
  const t = Number($("#t").value), topP = Number($("#p").value);
  $("#tv").textContent = t.toFixed(2); $("#pv").textContent = topP.toFixed(2);
  const exps = tokens.map(([, logit]) => Math.exp(logit / t));
  const sum = exps.reduce((a, b) => a + b, 0);
  const probs = exps.map((e) => e / sum);
  let running = 0;
  const kept = probs.map((p) => { const keep = running < topP; running += p; return keep; });
  $("#bars").innerHTML = tokens.map(([word], i) => '<div style="display:flex;gap:.5rem;align-items:center;opacity:' + (kept[i] ? 1 : .35) + '"><span style="width:5rem">' + word + '</span><span style="height:1rem;background:var(--accent);width:' + (probs[i] * 100).toFixed(1) + '%"></span><span>' + (probs[i] * 100).toFixed(1) + "%</span></div>").join("");
}
$("#t").addEventListener("input", render);
$("#p").addEventListener("input", render);
render();`,
  );
}

export function learningRateSchedule(): string {
  return page(
    "Learning-rate schedule plotter",
    `<p class="lead">Linear warm-up followed by cosine or linear decay, as used by most fine-tuning scripts.</p>
<p><label>Peak LR <input id="lr" value="0.0002" size="8"></label> <label>Steps <input id="steps" type="number" value="1000" style="width:6rem"></label>
<label>Warm-up % <input id="warm" type="number" value="5" style="width:4rem"></label>
<label>Decay <select id="decay"><option>cosine</option><option>linear</option><option>constant</option></select></label></p>
<canvas id="plot" width="800" height="300"></canvas><p id="info"></p>`,
    `function lrAt(step, steps, warm, peak, decay) {
  if (step < warm) return peak * step / Math.max(1, warm);
  const progress = (step - warm) / Math.max(1, steps - warm);
  if (decay === "linear") return peak * (1 - progress);
  if (decay === "constant") return peak;
  return peak * 0.5 * (1 + Math.cos(Math.PI * progress));
}
function render() {
  const steps = Math.min(100000, Math.max(10, Number($("#steps").value) || 1000));
  const peak = Number($("#lr").value) || 0.0002;
  const warm = Math.round(steps * (Number($("#warm").value) || 0) / 100);
  const ctx = $("#plot").getContext("2d");
  const w = ctx.canvas.width, h = ctx.canvas.height;
  ctx.clearRect(0, 0, w, h);
  ctx.strokeStyle = "#6d5dfc"; ctx.lineWidth = 2; ctx.beginPath();
  for (let x = 0; x <= w; x++) {
    const y = h - 10 - (h - 20) * lrAt(x / w * steps, steps, warm, peak, $("#decay").value) / peak;
    x === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y);
  }
  ctx.stroke();
  $("#info").textContent = "Warm-up ends at step " + warm + "; LR at the midpoint: " + lrAt(steps / 2, steps, warm, peak, $("#decay").value).toExponential(2);
}
["#lr", "#steps", "#warm", "#decay"].forEach((s) => $(s).addEventListener("input", render));
render();`,
  );
}

export function kMeansPlayground(): string {
  return page(
    "k-means playground",
    `<p class="lead">Click to add points, choose k, then step through the algorithm.</p>
<p><label>k <input id="k" type="number" min="1" max="8" value="3" style="width:4rem"></label> <button id="step">Step</button> <button id="reset">New random points</button></p>
<canvas id="c" width="600" height="400"></canvas>`,
    `const colours = ["#e76f51", "#2a9d8f", "#6d5dfc", "#f4a261", "#264653", "#e9c46a", "#8ab17d", "#d62828"];
let points = [], centres = [], seed = 7;
const rand = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
function randomPoints() {
  points = [];
  for (let c = 0; c < 3; c++) { const cx = 100 + rand() * 400, cy = 80 + rand() * 240; for (let i = 0; i < 30; i++) points.push({ x: cx + (rand() - .5) * 140, y: cy + (rand() - .5) * 140, g: 0 }); }
  centres = [];
}
function step() {
  const k = Math.min(8, Math.max(1, Number($("#k").value) || 3));
  if (centres.length !== k) centres = points.slice(0, k).map((p) => ({ x: p.x, y: p.y }));
  for (const p of points) p.g = centres.reduce((best, c, i) => (Math.hypot(p.x - c.x, p.y - c.y) < Math.hypot(p.x - centres[best].x, p.y - centres[best].y) ? i : best), 0);
  centres = centres.map((c, i) => { const mine = points.filter((p) => p.g === i); return mine.length ? { x: mine.reduce((s, p) => s + p.x, 0) / mine.length, y: mine.reduce((s, p) => s + p.y, 0) / mine.length } : c; });
  draw();
}
function draw() {
  const ctx = $("#c").getContext("2d");
  ctx.clearRect(0, 0, 600, 400);
  for (const p of points) { ctx.fillStyle = centres.length ? colours[p.g] : "#888"; ctx.beginPath(); ctx.arc(p.x, p.y, 4, 0, 7); ctx.fill(); }
  centres.forEach((c, i) => { ctx.strokeStyle = colours[i]; ctx.lineWidth = 3; ctx.strokeRect(c.x - 7, c.y - 7, 14, 14); });
}
$("#c").addEventListener("click", (e) => { const r = e.target.getBoundingClientRect(); points.push({ x: (e.clientX - r.left) * 600 / r.width, y: (e.clientY - r.top) * 400 / r.height, g: 0 }); draw(); });
$("#step").addEventListener("click", step);
$("#reset").addEventListener("click", () => { randomPoints(); draw(); });
randomPoints(); draw();`,
  );
}

export function logisticBoundary(): string {
  return page(
    "Decision boundary playground",
    `<p class="lead">Left-click adds a blue point, shift-click an orange one. A logistic regression retrains on every click.</p>
<canvas id="c" width="500" height="500"></canvas><p id="info"></p>`,
    `const pts = [{ x: .2, y: .3, y0: 0 }, { x: .3, y: .2, y0: 0 }, { x: .7, y: .8, y0: 1 }, { x: .8, y: .6, y0: 1 }];
let w = [0, 0, 0];
const sigmoid = (z) => 1 / (1 + Math.exp(-z));
function train() {
  w = [0, 0, 0];
  for (let epoch = 0; epoch < 400; epoch++) for (const p of pts) {
    const err = sigmoid(w[0] + w[1] * p.x + w[2] * p.y) - p.y0;
    w[0] -= .5 * err; w[1] -= .5 * err * p.x; w[2] -= .5 * err * p.y;
  }
}
function draw() {
  const ctx = $("#c").getContext("2d");
  for (let i = 0; i < 50; i++) for (let j = 0; j < 50; j++) {
    const p = sigmoid(w[0] + w[1] * (i + .5) / 50 + w[2] * (j + .5) / 50);
    ctx.fillStyle = "rgba(" + Math.round(244 * p + 42 * (1 - p)) + "," + Math.round(162 * p + 157 * (1 - p)) + "," + Math.round(97 * p + 143 * (1 - p)) + ",0.35)";
    ctx.fillRect(i * 10, j * 10, 10, 10);
  }
  for (const p of pts) { ctx.fillStyle = p.y0 ? "#f4a261" : "#2a9d8f"; ctx.beginPath(); ctx.arc(p.x * 500, p.y * 500, 6, 0, 7); ctx.fill(); }
  $("#info").textContent = pts.length + " points · weights " + w.map((v) => v.toFixed(2)).join(", ");
}
$("#c").addEventListener("click", (e) => { const r = e.target.getBoundingClientRect(); pts.push({ x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height, y0: e.shiftKey ? 1 : 0 }); train(); draw(); });
train(); draw();`,
  );
}

export function attentionHeatmap(): string {
  return page(
    "Attention pattern viewer",
    `<p class="lead">A toy attention head: each token attends to itself, its neighbours and tokens it shares letters with. Hover a row.</p>
<input id="text" style="width:100%" value="the quick brown fox jumps over the lazy dog">
<p><label>Head <select id="head"><option value="local">local window</option><option value="lexical">lexical overlap</option><option value="causal">causal (previous tokens)</option></select></label></p>
<div id="grid"></div>`,
    `function scores(tokens, head) {
  return tokens.map((a, i) => {
    const raw = tokens.map((b, j) => {
      if (head === "causal") return j <= i ? 1 / (1 + i - j) : 0;
      if (head === "local") return Math.exp(-Math.abs(i - j));
      const shared = [...new Set(a)].filter((ch) => b.includes(ch)).length;
      return shared / Math.max(a.length, b.length);
    });
    const sum = raw.reduce((x, y) => x + y, 0) || 1;
    return raw.map((v) => v / sum);
  });
}
function render() {
  const tokens = $("#text").value.split(/\\s+/).filter(Boolean).slice(0, 24);
  const m = scores(tokens, $("#head").value);
  $("#grid").innerHTML = "<table><tr><th></th>" + tokens.map((t) => "<th>" + escapeHtml(t) + "</th>").join("") + "</tr>" + m.map((row, i) => "<tr><th>" + escapeHtml(tokens[i]) + "</th>" + row.map((v) => '<td title="' + v.toFixed(3) + '" style="background:hsl(250 80% 55% / ' + Math.min(1, v * 2).toFixed(2) + ')"></td>').join("") + "</tr>").join("") + "</table>";
}
$("#text").addEventListener("input", render);
$("#head").addEventListener("change", render);
render();`,
    "#grid td { width: 1.6rem; height: 1.6rem; padding: 0; }",
  );
}

export function imageFilters(): string {
  return page(
    "Convolution kernel playground",
    `<p class="lead">Apply classic 3×3 kernels to a generated test image: the building block of convolutional networks.</p>
<p><select id="kernel"><option>identity</option><option>blur</option><option>sharpen</option><option>edges</option><option>emboss</option></select></p>
<canvas id="src" width="256" height="256"></canvas> <canvas id="dst" width="256" height="256"></canvas>`,
    `const kernels = { identity: [0,0,0,0,1,0,0,0,0], blur: [1,2,1,2,4,2,1,2,1].map((v) => v / 16), sharpen: [0,-1,0,-1,5,-1,0,-1,0], edges: [-1,-1,-1,-1,8,-1,-1,-1,-1], emboss: [-2,-1,0,-1,1,1,0,1,2] };
const src = $("#src").getContext("2d");
for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) {
  const ring = Math.hypot(x - 128, y - 128) % 40 < 20;
  src.fillStyle = "rgb(" + x + "," + (ring ? 200 : 60) + "," + y + ")";
  src.fillRect(x, y, 1, 1);
}
function apply() {
  const k = kernels[$("#kernel").value];
  const input = src.getImageData(0, 0, 256, 256);
  const out = new ImageData(256, 256);
  for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) for (let c = 0; c < 3; c++) {
    let acc = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const xx = Math.min(255, Math.max(0, x + dx)), yy = Math.min(255, Math.max(0, y + dy));
      acc += input.data[(yy * 256 + xx) * 4 + c] * k[(dy + 1) * 3 + dx + 1];
    }
    out.data[(y * 256 + x) * 4 + c] = acc;
    out.data[(y * 256 + x) * 4 + 3] = 255;
  }
  $("#dst").getContext("2d").putImageData(out, 0, 0);
}
$("#kernel").addEventListener("change", apply);
apply();`,
  );
}

export function lifeAutomaton(): string {
  return page(
    "Cellular automaton",
    `<p class="lead">Conway's Game of Life, the original emergent-behaviour demo. Click cells to toggle them.</p>
<p><button id="run">Start</button> <button id="clear">Clear</button> <button id="random">Random</button></p>
<canvas id="c" width="480" height="480"></canvas>`,
    `const N = 48, S = 10;
let cells = new Uint8Array(N * N), timer = 0, seed = 3;
const rand = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
function draw() {
  const ctx = $("#c").getContext("2d");
  ctx.clearRect(0, 0, 480, 480);
  ctx.fillStyle = "#6d5dfc";
  for (let i = 0; i < N * N; i++) if (cells[i]) ctx.fillRect((i % N) * S, Math.floor(i / N) * S, S - 1, S - 1);
}
function tick() {
  const next = new Uint8Array(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) {
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) n += cells[((y + dy + N) % N) * N + (x + dx + N) % N];
    const alive = cells[y * N + x];
    next[y * N + x] = n === 3 || (alive && n === 2) ? 1 : 0;
  }
  cells = next; draw();
}
$("#run").addEventListener("click", () => { if (timer) { clearInterval(timer); timer = 0; $("#run").textContent = "Start"; } else { timer = setInterval(tick, 120); $("#run").textContent = "Stop"; } });
$("#clear").addEventListener("click", () => { cells = new Uint8Array(N * N); draw(); });
$("#random").addEventListener("click", () => { cells = cells.map(() => (rand() < .25 ? 1 : 0)); draw(); });
$("#c").addEventListener("click", (e) => { const r = e.target.getBoundingClientRect(); const x = Math.floor((e.clientX - r.left) / r.width * N), y = Math.floor((e.clientY - r.top) / r.height * N); cells[y * N + x] ^= 1; draw(); });
cells = cells.map(() => (rand() < .25 ? 1 : 0)); draw();`,
  );
}
