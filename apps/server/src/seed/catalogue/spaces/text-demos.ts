import { page } from "./page.js";

export function tokenizerPlayground(): string {
  return page(
    "Tokenizer playground",
    `<p class="lead">See how a subword tokenizer might cut your text into pieces. Each colour is one token.</p>
<textarea id="input">Tokenizers split unbelievably long words into smaller, reusable pieces.</textarea>
<p><label>Style <select id="style"><option value="wordpiece">WordPiece (##)</option><option value="bpe">Byte-pair (Ġ)</option></select></label> <strong id="count"></strong></p>
<div id="tokens" style="line-height:2.2"></div>`,
    `const pieces = ["un", "believ", "able", "ably", "token", "izer", "s", "split", "long", "word", "small", "er", "re", "use", "piece", "ing", "ed", "tion", "the", "in", "to", "a", "and"];
function splitWord(word) {
  const out = [];
  let rest = word.toLowerCase();
  while (rest.length > 0) {
    const hit = pieces.filter((p) => rest.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    const take = hit ? hit.length : Math.min(3, rest.length);
    out.push(rest.slice(0, take));
    rest = rest.slice(take);
  }
  return out;
}
function render() {
  const style = $("#style").value;
  const words = $("#input").value.match(/\\w+|[^\\s\\w]/g) || [];
  const tokens = [];
  words.forEach((word, wi) => splitWord(word).forEach((piece, pi) => {
    if (style === "wordpiece") tokens.push(pi === 0 ? piece : "##" + piece);
    else tokens.push(pi === 0 && wi > 0 ? "Ġ" + piece : piece);
  }));
  $("#count").textContent = tokens.length + " tokens, " + $("#input").value.length + " characters";
  $("#tokens").innerHTML = tokens.map((t, i) => '<span style="padding:2px 4px;margin:1px;border-radius:4px;background:hsl(' + (i * 47 % 360) + ' 70% 75% / .6)">' + escapeHtml(t) + "</span>").join("");
}
$("#input").addEventListener("input", render);
$("#style").addEventListener("change", render);
render();`,
  );
}

export function markdownPreviewer(): string {
  return page(
    "Model card previewer",
    `<p class="lead">Write a model card in Markdown and see it rendered as you type.</p>
<div style="display:grid;grid-template-columns:1fr 1fr;gap:1rem">
<textarea id="src" style="min-height:22rem"># My model\n\nA **small** classifier for _short_ reviews.\n\n## Usage\n\n- Install the library\n- Load \`my-model\`\n- Call it on text\n\n[Read the docs](https://example.org)</textarea>
<div id="out" style="border:1px solid #8884;border-radius:6px;padding:0 1rem"></div></div>`,
    `function inline(text) {
  return escapeHtml(text)
    .replace(/\`([^\`]+)\`/g, "<code>$1</code>")
    .replace(/\\*\\*([^*]+)\\*\\*/g, "<strong>$1</strong>")
    .replace(/_([^_]+)_/g, "<em>$1</em>")
    .replace(/\\[([^\\]]+)\\]\\((https?:[^)\\s]+)\\)/g, '<a href="$2" rel="noopener">$1</a>');
}
function render() {
  const html = [];
  let list = false;
  for (const line of $("#src").value.split("\\n")) {
    const heading = line.match(/^(#{1,3}) (.*)/);
    const item = line.match(/^[-*] (.*)/);
    if (!item && list) { html.push("</ul>"); list = false; }
    if (heading) html.push("<h" + heading[1].length + ">" + inline(heading[2]) + "</h" + heading[1].length + ">");
    else if (item) { if (!list) { html.push("<ul>"); list = true; } html.push("<li>" + inline(item[1]) + "</li>"); }
    else if (line.trim()) html.push("<p>" + inline(line) + "</p>");
  }
  if (list) html.push("</ul>");
  $("#out").innerHTML = html.join("");
}
$("#src").addEventListener("input", render);
render();`,
  );
}

export function sentimentLexicon(): string {
  return page(
    "Lexicon sentiment scorer",
    `<p class="lead">A tiny word-list baseline: every word adds or removes points. Compare it with a real model!</p>
<textarea id="text">The plot was slow but the acting was wonderful and the ending truly great.</textarea>
<p id="score" style="font-size:1.3rem"></p><div id="words"></div>`,
    `const lexicon = { good: 1, great: 2, wonderful: 2, love: 2, fun: 1, bad: -1, slow: -1, boring: -2, awful: -2, hate: -2, broken: -2, not: 0 };
function render() {
  const words = $("#text").value.toLowerCase().match(/[a-z']+/g) || [];
  let total = 0;
  const marks = words.map((w, i) => {
    let value = lexicon[w] || 0;
    if (value && words[i - 1] === "not") value = -value;
    total += value;
    const colour = value > 0 ? "#2a9d8f" : value < 0 ? "#e76f51" : "inherit";
    return '<span style="color:' + colour + '">' + escapeHtml(w) + (value ? "<sup>" + value + "</sup>" : "") + "</span>";
  });
  $("#score").textContent = (total > 0 ? "Positive" : total < 0 ? "Negative" : "Neutral") + " (score " + total + ")";
  $("#words").innerHTML = marks.join(" ");
}
$("#text").addEventListener("input", render);
render();`,
  );
}

export function bagOfWordsSimilarity(): string {
  return page(
    "Sentence similarity (bag of words)",
    `<p class="lead">Cosine similarity between word-count vectors: the baseline that embedding models beat.</p>
<label>Source sentence<input id="source" style="width:100%" value="How do I reset my password?"></label>
<textarea id="others">Steps to change a forgotten password
Opening hours of the help desk
Reset your account password in settings</textarea>
<table id="result"></table>`,
    `function vector(text) {
  const counts = new Map();
  for (const w of text.toLowerCase().match(/[a-z]+/g) || []) counts.set(w, (counts.get(w) || 0) + 1);
  return counts;
}
function cosine(a, b) {
  let dot = 0, na = 0, nb = 0;
  a.forEach((v, k) => { dot += v * (b.get(k) || 0); na += v * v; });
  b.forEach((v) => { nb += v * v; });
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
function render() {
  const source = vector($("#source").value);
  const rows = $("#others").value.split("\\n").filter((s) => s.trim()).map((s) => [s, cosine(source, vector(s))]).sort((x, y) => y[1] - x[1]);
  $("#result").innerHTML = "<tr><th>Sentence</th><th>Score</th></tr>" + rows.map(([s, v]) => "<tr><td style='text-align:left'>" + escapeHtml(s) + "</td><td>" + v.toFixed(3) + "</td></tr>").join("");
}
$("#source").addEventListener("input", render);
$("#others").addEventListener("input", render);
render();`,
  );
}

export function ngramOverlap(): string {
  return page(
    "N-gram overlap scorer",
    `<p class="lead">Compare a candidate translation or summary with a reference by shared unigrams and bigrams.</p>
<label>Reference<textarea id="ref">the cat is sitting on the mat</textarea></label>
<label>Candidate<textarea id="cand">a cat sits on the mat</textarea></label>
<p id="out"></p>`,
    `function grams(words, n) {
  const out = new Map();
  for (let i = 0; i + n <= words.length; i++) { const g = words.slice(i, i + n).join(" "); out.set(g, (out.get(g) || 0) + 1); }
  return out;
}
function precision(ref, cand, n) {
  const r = grams(ref, n), c = grams(cand, n);
  let hit = 0, total = 0;
  c.forEach((count, g) => { hit += Math.min(count, r.get(g) || 0); total += count; });
  return total ? hit / total : 0;
}
function render() {
  const ref = $("#ref").value.toLowerCase().split(/\\s+/).filter(Boolean);
  const cand = $("#cand").value.toLowerCase().split(/\\s+/).filter(Boolean);
  const p1 = precision(ref, cand, 1), p2 = precision(ref, cand, 2);
  const brevity = cand.length >= ref.length ? 1 : Math.exp(1 - ref.length / Math.max(cand.length, 1));
  const score = p1 && p2 ? brevity * Math.sqrt(p1 * p2) : 0;
  $("#out").textContent = "unigram precision " + p1.toFixed(2) + " · bigram precision " + p2.toFixed(2) + " · brevity " + brevity.toFixed(2) + " · score " + score.toFixed(3);
}
$("#ref").addEventListener("input", render);
$("#cand").addEventListener("input", render);
render();`,
  );
}

export function regexTester(): string {
  return page(
    "Regex tester for data cleaning",
    `<p class="lead">Try a pattern on sample rows before running it over a whole dataset.</p>
<p><input id="pattern" value="\\b\\d{4}-\\d{2}-\\d{2}\\b" style="width:60%"> flags <input id="flags" value="g" size="3"></p>
<textarea id="text">Released 2024-05-01, patched 2024-06-12.
No date on this line.
Archived on 2023-11-30 by the curator.</textarea>
<pre id="out" style="white-space:pre-wrap"></pre>`,
    `function render() {
  let re;
  try { re = new RegExp($("#pattern").value, $("#flags").value.includes("g") ? $("#flags").value : $("#flags").value + "g"); }
  catch (e) { $("#out").textContent = "Invalid pattern: " + e.message; return; }
  const text = $("#text").value;
  let html = "", last = 0, count = 0;
  for (const m of text.matchAll(re)) {
    if (m[0] === "") break;
    html += escapeHtml(text.slice(last, m.index)) + "<mark>" + escapeHtml(m[0]) + "</mark>";
    last = m.index + m[0].length;
    if (++count > 500) break;
  }
  $("#out").innerHTML = count + " match(es)\\n\\n" + html + escapeHtml(text.slice(last));
}
["#pattern", "#flags", "#text"].forEach((s) => $(s).addEventListener("input", render));
render();`,
  );
}

export function wordDiff(): string {
  return page(
    "Prompt diff",
    `<p class="lead">See exactly which words changed between two versions of a prompt.</p>
<div style="display:grid;grid-template-columns:1fr 1fr;gap:1rem"><textarea id="a">You are a helpful assistant. Answer briefly and cite sources.</textarea><textarea id="b">You are a friendly assistant. Answer in detail and always cite sources.</textarea></div>
<p id="out" style="line-height:1.9"></p>`,
    `function diff(a, b) {
  const n = a.length, m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const out = [];
  let i = 0, j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { out.push(["same", a[i]]); i++; j++; }
    else if (table[i + 1][j] >= table[i][j + 1]) out.push(["del", a[i++]]);
    else out.push(["add", b[j++]]);
  }
  while (i < n) out.push(["del", a[i++]]);
  while (j < m) out.push(["add", b[j++]]);
  return out;
}
function render() {
  const parts = diff($("#a").value.split(/\\s+/).filter(Boolean).slice(0, 400), $("#b").value.split(/\\s+/).filter(Boolean).slice(0, 400));
  $("#out").innerHTML = parts.map(([kind, word]) => kind === "same" ? escapeHtml(word) : kind === "add" ? '<ins style="background:#2a9d8f44">' + escapeHtml(word) + "</ins>" : '<del style="background:#e76f5144">' + escapeHtml(word) + "</del>").join(" ");
}
$("#a").addEventListener("input", render);
$("#b").addEventListener("input", render);
render();`,
  );
}
