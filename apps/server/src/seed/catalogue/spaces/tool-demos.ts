import { page } from "./page.js";

export function paletteGenerator(): string {
  return page(
    "Colour palette generator",
    `<p class="lead">Pick a base colour; get analogous, complementary and triadic palettes. Click a swatch to copy its hex code.</p>
<p><input id="base" type="color" value="#6d5dfc"> <span id="copied"></span></p><div id="palettes"></div>`,
    `function hexToHsl(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min, s = l > .5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}
function hslToHex(h, s, l) {
  s /= 100; l /= 100;
  const f = (n) => { const k = (n + h / 30) % 12; const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)); return Math.round(c * 255).toString(16).padStart(2, "0"); };
  return "#" + f(0) + f(8) + f(4);
}
function render() {
  const [h, s, l] = hexToHsl($("#base").value);
  const sets = { Analogous: [-30, -15, 0, 15, 30], Complementary: [0, 0, 180, 180, 0], Triadic: [0, 120, 240, 0, 120], Shades: [0, 0, 0, 0, 0] };
  $("#palettes").innerHTML = Object.entries(sets).map(([name, offsets]) => "<h3>" + name + "</h3><div style='display:flex;gap:.5rem'>" + offsets.map((o, i) => {
    const hex = hslToHex((h + o + 360) % 360, s, name === "Shades" ? 15 + i * 17 : name === "Complementary" ? Math.max(20, Math.min(85, l + (i - 2) * 12)) : l);
    return '<button class="sw" data-hex="' + hex + '" style="background:' + hex + ';width:6rem;height:4rem;color:white;text-shadow:0 0 3px #000">' + hex + "</button>";
  }).join("") + "</div>").join("");
  document.querySelectorAll(".sw").forEach((b) => b.addEventListener("click", () => { navigator.clipboard?.writeText(b.dataset.hex); $("#copied").textContent = "Copied " + b.dataset.hex; }));
}
$("#base").addEventListener("input", render);
render();`,
  );
}

export function ggufSizeCalculator(): string {
  return page(
    "GGUF size calculator",
    `<p class="lead">Estimate file size and memory for each llama.cpp quantisation of a model.</p>
<p><label>Parameters (billions) <input id="params" type="number" step="0.1" value="8" style="width:6rem"></label>
<label>Context tokens <input id="ctx" type="number" value="8192" style="width:7rem"></label>
<label>Layers <input id="layers" type="number" value="32" style="width:5rem"></label>
<label>KV width <input id="kv" type="number" value="1024" style="width:6rem"></label></p>
<table id="out"></table>`,
    `const quants = [["Q2_K", 2.63], ["Q3_K_M", 3.91], ["Q4_0", 4.55], ["Q4_K_M", 4.85], ["Q5_K_M", 5.69], ["Q6_K", 6.59], ["Q8_0", 8.5], ["F16", 16], ["F32", 32]];
function render() {
  const params = Number($("#params").value) * 1e9;
  const kvBytes = 2 * Number($("#layers").value) * Number($("#ctx").value) * Number($("#kv").value) * 2;
  $("#out").innerHTML = "<tr><th>quant</th><th>bits/weight</th><th>file (GB)</th><th>with KV cache (GB)</th></tr>" + quants.map(([name, bits]) => {
    const file = params * bits / 8 / 1e9;
    return "<tr><td>" + name + "</td><td>" + bits + "</td><td>" + file.toFixed(2) + "</td><td>" + (file + kvBytes / 1e9).toFixed(2) + "</td></tr>";
  }).join("");
}
["#params", "#ctx", "#layers", "#kv"].forEach((s) => $(s).addEventListener("input", render));
render();`,
  );
}

export function chatTemplatePreview(): string {
  return page(
    "Chat template previewer",
    `<p class="lead">See the exact text a chat model receives once your messages go through its template.</p>
<p><select id="family"><option value="chatml">ChatML (Qwen, SmolLM)</option><option value="llama3">Llama 3</option><option value="gemma">Gemma</option><option value="mistral">Mistral [INST]</option></select>
<label><input id="gen" type="checkbox" checked> add generation prompt</label></p>
<textarea id="msgs" style="min-height:9rem">system: You are a concise assistant.
user: What is a tokenizer?
assistant: It turns text into the integer ids a model reads.
user: And a chat template?</textarea>
<pre id="out" style="white-space:pre-wrap;border:1px solid #8884;padding:1rem;border-radius:6px"></pre>`,
    `function parse() {
  return $("#msgs").value.split("\\n").map((line) => line.match(/^(system|user|assistant):\\s*(.*)$/)).filter(Boolean).map((m) => ({ role: m[1], content: m[2] }));
}
const formats = {
  chatml: (ms, gen) => ms.map((m) => "<|im_start|>" + m.role + "\\n" + m.content + "<|im_end|>\\n").join("") + (gen ? "<|im_start|>assistant\\n" : ""),
  llama3: (ms, gen) => "<|begin_of_text|>" + ms.map((m) => "<|start_header_id|>" + m.role + "<|end_header_id|>\\n\\n" + m.content + "<|eot_id|>").join("") + (gen ? "<|start_header_id|>assistant<|end_header_id|>\\n\\n" : ""),
  gemma: (ms, gen) => "<bos>" + ms.map((m) => "<start_of_turn>" + (m.role === "assistant" ? "model" : "user") + "\\n" + m.content + "<end_of_turn>\\n").join("") + (gen ? "<start_of_turn>model\\n" : ""),
  mistral: (ms) => {
    const system = ms.find((m) => m.role === "system");
    return "<s>" + ms.filter((m) => m.role !== "system").map((m, i) => m.role === "user" ? "[INST] " + (i === 0 && system ? system.content + "\\n\\n" : "") + m.content + " [/INST]" : m.content + "</s>").join("");
  },
};
function render() { $("#out").textContent = formats[$("#family").value](parse(), $("#gen").checked); }
["#family", "#gen", "#msgs"].forEach((s) => $(s).addEventListener("input", render));
render();`,
  );
}

export function contextCostCalculator(): string {
  return page(
    "Context budget calculator",
    `<p class="lead">Will your documents fit in the context window? Roughly four characters per token for English.</p>
<textarea id="doc" style="min-height:10rem">Paste a document here to estimate its token count.</textarea>
<p><label>Context window <select id="ctx"><option>4096</option><option>8192</option><option selected>32768</option><option>131072</option></select></label>
<label>Reserved for the answer <input id="reserve" type="number" value="1024" style="width:6rem"></label></p>
<p id="out"></p><div style="height:1rem;background:#8883;border-radius:4px"><div id="bar" style="height:1rem;background:var(--accent);border-radius:4px"></div></div>`,
    `function render() {
  const text = $("#doc").value;
  const tokens = Math.ceil(text.length / 4 + (text.match(/[^\\x00-\\x7f]/g) || []).length * 0.5);
  const window = Number($("#ctx").value), reserve = Number($("#reserve").value) || 0;
  const used = tokens + reserve;
  $("#out").textContent = "≈ " + tokens + " tokens + " + reserve + " reserved = " + used + " of " + window + (used > window ? " — too long, split it into " + Math.ceil(tokens / Math.max(1, window - reserve)) + " chunks" : " — fits");
  $("#bar").style.width = Math.min(100, 100 * used / window) + "%";
  $("#bar").style.background = used > window ? "#e76f51" : "var(--accent)";
}
["#doc", "#ctx", "#reserve"].forEach((s) => $(s).addEventListener("input", render));
render();`,
  );
}

export function csvExplorer(): string {
  return page(
    "CSV explorer",
    `<p class="lead">Paste a small CSV to see its columns, inferred types and summary statistics, all in your browser.</p>
<textarea id="csv" style="min-height:9rem">sepal_length,sepal_width,species
5.1,3.5,setosa
6.2,2.9,versicolor
6.9,3.1,virginica
5.0,3.4,setosa
5.7,2.8,versicolor</textarea>
<h3>Columns</h3><table id="stats"></table><h3>Rows</h3><div style="overflow:auto"><table id="rows"></table></div>`,
    `function parseCsv(text) {
  const rows = [];
  let row = [], field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) { if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c; }
    else if (c === '"') quoted = true;
    else if (c === ",") { row.push(field); field = ""; }
    else if (c === "\\n") { row.push(field); rows.push(row); row = []; field = ""; }
    else if (c !== "\\r") field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}
function render() {
  const [header = [], ...rows] = parseCsv($("#csv").value);
  $("#stats").innerHTML = "<tr><th>column</th><th>type</th><th>distinct</th><th>min</th><th>max</th><th>mean</th></tr>" + header.map((name, i) => {
    const values = rows.map((r) => r[i]).filter((v) => v !== undefined && v !== "");
    const numeric = values.length > 0 && values.every((v) => !isNaN(Number(v)));
    const nums = values.map(Number);
    const cell = (v) => "<td>" + v + "</td>";
    return "<tr><td style='text-align:left'>" + escapeHtml(name) + "</td>" + cell(numeric ? "number" : "text") + cell(new Set(values).size) + (numeric ? cell(Math.min(...nums)) + cell(Math.max(...nums)) + cell((nums.reduce((a, b) => a + b, 0) / nums.length).toFixed(3)) : cell("") + cell("") + cell("")) + "</tr>";
  }).join("");
  $("#rows").innerHTML = "<tr>" + header.map((h) => "<th>" + escapeHtml(h) + "</th>").join("") + "</tr>" + rows.slice(0, 100).map((r) => "<tr>" + r.map((v) => "<td>" + escapeHtml(v) + "</td>").join("") + "</tr>").join("");
}
$("#csv").addEventListener("input", render);
render();`,
  );
}

export function cardMetadataBuilder(): string {
  return page(
    "Model card metadata builder",
    `<p class="lead">Fill in the form to get the YAML block that goes at the top of a README.md.</p>
<div style="display:grid;grid-template-columns:10rem 1fr;gap:.4rem">
<label for="license">License</label><select id="license"><option>apache-2.0</option><option>mit</option><option>cc-by-4.0</option><option>other</option></select>
<label for="pipeline">Task</label><select id="pipeline"><option>text-generation</option><option>text-classification</option><option>image-classification</option><option>automatic-speech-recognition</option><option>text-to-image</option></select>
<label for="library">Library</label><select id="library"><option>transformers</option><option>diffusers</option><option>sentence-transformers</option><option>peft</option><option>gguf</option></select>
<label for="base">Base model</label><input id="base" placeholder="owner/name">
<label for="langs">Languages</label><input id="langs" value="en, fr">
<label for="tags">Tags</label><input id="tags" value="demo">
</div>
<pre id="out" style="border:1px solid #8884;padding:1rem;border-radius:6px"></pre>`,
    `function yamlString(value) { return /^[\\w./-]+$/.test(value) ? value : JSON.stringify(value); }
function list(text) { return text.split(",").map((s) => s.trim()).filter(Boolean); }
function render() {
  const lines = ["---", "license: " + $("#license").value, "pipeline_tag: " + $("#pipeline").value, "library_name: " + $("#library").value];
  if ($("#base").value.trim()) lines.push("base_model: " + yamlString($("#base").value.trim()));
  const langs = list($("#langs").value), tags = list($("#tags").value);
  if (langs.length) lines.push("language:", ...langs.map((l) => "  - " + yamlString(l)));
  if (tags.length) lines.push("tags:", ...tags.map((t) => "  - " + yamlString(t)));
  lines.push("---");
  $("#out").textContent = lines.join("\\n");
}
document.querySelectorAll("input, select").forEach((el) => el.addEventListener("input", render));
render();`,
  );
}

export function toneGenerator(): string {
  return page(
    "Waveform and tone lab",
    `<p class="lead">Synthesise a tone in the browser, see its waveform, and hear why sample rate matters for speech models.</p>
<p><label>Frequency <input id="f" type="range" min="80" max="2000" value="440"></label> <span id="fv"></span>
<label>Shape <select id="shape"><option>sine</option><option>square</option><option>sawtooth</option><option>triangle</option></select></label>
<button id="play">Play 1 s</button></p>
<canvas id="c" width="800" height="200"></canvas>`,
    `function sample(shape, phase) {
  const x = phase % 1;
  if (shape === "square") return x < .5 ? 1 : -1;
  if (shape === "sawtooth") return 2 * x - 1;
  if (shape === "triangle") return 1 - 4 * Math.abs(x - .5);
  return Math.sin(2 * Math.PI * x);
}
function draw() {
  const f = Number($("#f").value), shape = $("#shape").value;
  $("#fv").textContent = f + " Hz";
  const ctx = $("#c").getContext("2d");
  ctx.clearRect(0, 0, 800, 200); ctx.strokeStyle = "#6d5dfc"; ctx.beginPath();
  for (let x = 0; x < 800; x++) { const y = 100 - 80 * sample(shape, f * x / 800 / 100); x ? ctx.lineTo(x, y) : ctx.moveTo(x, y); }
  ctx.stroke();
}
$("#play").addEventListener("click", () => {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  const audio = new Ctx(), osc = audio.createOscillator(), gain = audio.createGain();
  osc.type = $("#shape").value; osc.frequency.value = Number($("#f").value); gain.gain.value = .1;
  osc.connect(gain).connect(audio.destination); osc.start(); osc.stop(audio.currentTime + 1);
});
$("#f").addEventListener("input", draw);
$("#shape").addEventListener("change", draw);
draw();`,
  );
}
