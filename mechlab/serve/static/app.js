// mechlab serve: the designer page. The design is the mapping a YAML file holds; every
// edit changes it, pushes it on the undo stack and asks the server to judge it. Text from
// the server reaches the page through textContent only; the sheet and card SVG are
// written by mechlab's SVG painter, which escapes every value.
"use strict";

const TOKEN = document.querySelector('meta[name="mechlab-token"]').content;
const $ = (sel) => document.querySelector(sel);
const state = { design: null, past: [], future: [], options: null, selected: null,
                seq: 0, timer: null, judged: null, typing: null, catalogueFor: null,
                catalogueSeq: 0 };
// The design this page holds, and its undo history, survive a reload (F5, a mis-click on the browser's reload):
// it is kept in the tab's session storage under this server's token, so a server started
// afresh starts from its own design.
const KEPT = `mechlab-design:${TOKEN}`;

async function call(method, url, body) {
  const init = { method, headers: { "X-Mechlab-Token": TOKEN } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) {
    let text = response.statusText;
    try { text = (await response.json()).error; } catch (e) { /* not JSON */ }
    throw new Error(text);
  }
  return response;
}
const post = async (url, body) => (await call("POST", url, body)).json();
const get = async (url) => (await call("GET", url)).json();

function say(text, error) {
  const box = $("#message");
  box.textContent = text;
  box.className = error ? "error" : "";
}

// The design's shorthands (engine: xl, heat_sinks: 15) as the mappings the form edits.
function normalised(design) {
  const d = JSON.parse(JSON.stringify(design));
  for (const key of ["engine", "structure", "myomer"]) {
    if (typeof d[key] === "string") d[key] = { type: d[key] };
  }
  if (typeof d.heat_sinks === "number") d.heat_sinks = { count: d.heat_sinks };
  d.armor = d.armor || {};
  d.equipment = d.equipment || [];
  return d;
}

function getPath(obj, path) {
  return path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

function setPath(obj, path, value) {
  const keys = path.split(".");
  let o = obj;
  keys.slice(0, -1).forEach((k) => {
    if (o[k] === null || typeof o[k] !== "object") o[k] = {};
    o = o[k];
  });
  const last = keys[keys.length - 1];
  if (value === undefined) delete o[last]; else o[last] = value;
}

// A field's value as the design file writes it: numbers for number inputs.
function fieldValue(input) {
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") {
    if (input.value.trim() === "") return undefined;
    const n = Number(input.value);
    return Number.isFinite(n) ? n : input.value;
  }
  return input.value;
}

// One edit, one undo step; typing into one field is one step, not one per keystroke
// (a pause of 1.5 s, or another field, starts the next).
function change(design, rebuild, field) {
  const now = Date.now();
  const typing = state.typing;
  if (!(field && typing && typing.field === field && now - typing.at < 1500)) {
    state.past.push(state.design);
    if (state.past.length > 200) state.past.shift();
  }
  state.typing = field ? { field, at: now } : null;
  state.future = [];
  state.design = normalised(design);
  if (rebuild) render();
  say("");  // a message is about the design it was said of ("opened …", "saved …"): gone with it
  judgeSoon();
}

function judgeSoon() {
  clearTimeout(state.timer);
  state.timer = setTimeout(judgeNow, 60);
}

async function judgeNow() {
  const seq = ++state.seq;
  try {
    sessionStorage.setItem(KEPT, JSON.stringify({ design: state.design, past: state.past.slice(-50),
                                                  future: state.future.slice(-50) }));
  } catch (e) { /* full or off */ }
  const style = $("#style").value;
  const paper = $("#paper").value;
  try {
    const answer = await post("/api/judge", { design: state.design, style, paper });
    if (seq === state.seq) {
      show(answer);
      // What the preview shows, for whoever waits on it (the browser tests).
      Object.assign($("#sheet").dataset, { style: style || "default", paper, seq });
    }
  } catch (e) { say(e.message, true); }
}

// ---- rendering the form from the design -------------------------------------------------
function render() {
  const d = state.design;
  const rules = state.options.choices[d.ruleset || "intro"] || state.options.choices.intro;
  document.querySelectorAll("select[data-choices]").forEach((sel) => {
    fillSelect(sel, rules[sel.dataset.choices] || ["standard"]);
  });
  document.querySelectorAll("#chassis [name], #armor > label [name]").forEach((input) => {
    let value = getPath(d, input.name);
    if (value === undefined) value = defaults(input.name);
    if (input.tagName === "SELECT" && value !== undefined && ![...input.options].some((o) => o.value === String(value))) {
      input.add(new Option(String(value), String(value)));
    }
    input.value = value === undefined ? "" : value;
  });
  renderArmor();
  renderEntries();
  catalogueFollows();
}

// The catalogue lists what the design's ruleset admits, for its tech base (a mixed design:
// both); it follows a new, opened or undone design, and a change of ruleset or tech base.
function catalogueFollows() {
  const d = state.design;
  const tech = { inner_sphere: "is", clan: "clan" }[d.tech_base || "inner_sphere"] || "all";
  const key = `${d.ruleset || "intro"} ${tech}`;
  if (key === state.catalogueFor) return;
  state.catalogueFor = key;
  $("#cat-tech").value = tech;
  searchCatalogue();
}

function defaults(name) {
  return { ruleset: "intro", tech_base: "inner_sphere", config: "biped", "engine.type": "standard",
    gyro: "standard", cockpit: "standard", "structure.type": "standard", "myomer.type": "standard",
    "heat_sinks.count": 10, "heat_sinks.type": "single", "armor.type": "standard" }[name];
}

function fillSelect(sel, words) {
  const keep = sel.value;
  sel.replaceChildren(...words.map((w) => new Option(w.replace(/_/g, " "), w)));
  if (words.includes(keep)) sel.value = keep;
}

// The design's locations, as the server lists each configuration's (a tripod's center
// leg, a QuadVee's four legs): {location, title, rear}.
function places() {
  const all = state.options.configurations;
  return all[state.design.config || "biped"] || all.biped;
}
const locations = () => places().map((p) => p.location);
const title = (loc) => loc.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

function numberInput(name, value) {
  const input = document.createElement("input");
  input.type = "number"; input.min = "0"; input.name = name;
  input.value = value === undefined ? 0 : value;
  return input;
}

function renderArmor() {
  const armor = state.design.armor || {};
  const table = document.createElement("table");
  table.innerHTML = "<tr><th></th><th>front</th><th>rear</th><th>max</th></tr>";
  for (const { location: loc, title: name, rear } of places()) {
    const row = table.insertRow();
    row.insertCell().textContent = name;
    if (rear) {
      const v = armor[loc] || {};
      row.insertCell().append(numberInput(`armor.${loc}.front`, v.front));
      row.insertCell().append(numberInput(`armor.${loc}.rear`, v.rear));
    } else {
      row.insertCell().append(numberInput(`armor.${loc}`, armor[loc]));
      row.insertCell();
    }
    row.insertCell().dataset.cap = loc;
  }
  $("#armor-table").replaceChildren(table);
}

function renderEntries() {
  const box = $("#entries");
  box.replaceChildren();
  state.design.equipment.forEach((entry, i) => {
    const row = document.createElement("div");
    row.className = "entry";
    const item = document.createElement("input");
    item.name = `equipment.${i}.item`; item.value = entry.item;
    const where = document.createElement("select");
    where.name = `equipment.${i}.location`;
    places().forEach((p) => where.add(new Option(p.title, p.location)));
    where.value = entry.location;
    const count = numberInput(`equipment.${i}.count`, entry.count || 1);
    count.min = "1";
    const rear = document.createElement("label");
    const box2 = document.createElement("input");
    box2.type = "checkbox"; box2.name = `equipment.${i}.rear`; box2.checked = !!entry.rear;
    rear.append(box2, " rear");
    const remove = document.createElement("button");
    remove.type = "button"; remove.textContent = "×"; remove.title = "Remove one";
    remove.addEventListener("click", () => edit("remove", { entry: i }));
    row.append(item, where, count, rear, remove);
    box.append(row);
  });
  fillSelect($("#cat-location"), locations());
}

// ---- showing the server's answer ---------------------------------------------------------
function show(answer) {
  state.judged = answer;
  const verdict = $("#verdict");
  verdict.dataset.verdict = answer.verdict;
  verdict.textContent = answer.verdict === "legal" ? "LEGAL" : "ILLEGAL";
  document.querySelectorAll(".bad").forEach((el) => { el.classList.remove("bad"); el.title = ""; });
  const list = $("#findings");
  list.replaceChildren();
  // Bad input has no numbers of its own: the status bar's are the last good design's,
  // greyed out and said so, as the sheet beside them is.
  $("#status").classList.toggle("stale", !answer.ok);
  $("#status").title = answer.ok ? "" : "the last design mechlab could read; fix the marked field";
  if (!answer.ok) {
    answer.problems.forEach((p) => list.append(findingItem("BAD-INPUT", "error", p.path, p.message, null)));
    answer.problems.forEach((p) => {
      // A problem of the whole design ("a quad has no such location: equipment[0]…")
      // marks each field it names that the form shows.
      const named = (p.fields || []).map((f) => document.querySelector(`[name="${CSS.escape(f)}"]`));
      [fieldFor(p.path), ...named].forEach((el) => { if (el) { el.classList.add("bad"); el.title = p.message; } });
    });
    return;
  }
  answer.findings.forEach((f) => {
    const li = findingItem(f.code, f.severity, f.field, `${f.code} ${f.path}: ${f.message}`, f);
    list.append(li);
  });
  $("#save-path").placeholder = answer.file;
  showStats(answer.stats);
  renderSlots(answer.slots);
  $("#sheet").innerHTML = answer.sheet;
  $("#card").innerHTML = answer.card;
  document.querySelectorAll("[data-cap]").forEach((cell) => {
    const cap = answer.armor_caps[cell.dataset.cap];
    cell.textContent = cap === undefined ? "" : cap;
  });
}

function findingItem(code, severity, field, text, finding) {
  const li = document.createElement("li");
  li.dataset.findingCode = code;
  li.dataset.findingPath = field;
  li.dataset.severity = severity;
  const head = document.createElement("span");
  head.className = "code";
  head.textContent = text;
  li.append(head);
  if (finding) {
    const parts = [];
    if (finding.expected) parts.push(`expected ${finding.expected}`);
    if (finding.actual) parts.push(`actual ${finding.actual}`);
    if (finding.hint) parts.push(`hint: ${finding.hint}`);
    if (parts.length) {
      const detail = document.createElement("div");
      detail.className = "detail";
      detail.textContent = parts.join(" · ");
      li.append(detail);
    }
    if (finding.fix) {
      const fix = document.createElement("button");
      fix.type = "button"; fix.className = "fix"; fix.textContent = `Fix: ${finding.fix}`;
      fix.addEventListener("click", (ev) => {
        ev.stopPropagation();
        edit("fix", { code: finding.code, path: finding.path });
      });
      li.append(fix);
    }
  }
  li.addEventListener("click", () => { const el = fieldFor(field); if (el) { el.focus(); el.scrollIntoView({ block: "center" }); } });
  return li;
}

// The input a path names: itself, its first field (equipment.3 → equipment.3.item), or
// the nearest enclosing one (armor.left_torso.front's table row).
function fieldFor(path) {
  let p = path;
  while (p) {
    const exact = document.querySelector(`[name="${CSS.escape(p)}"]`);
    if (exact) return exact;
    const inner = document.querySelector(`[name^="${CSS.escape(p)}."]`);
    if (inner) return inner;
    p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "";
  }
  return null;
}

function showStats(s) {
  const set = (key, text) => { $(`[data-stat="${key}"]`).textContent = text; };
  set("tons-left", s.tons_left === null ? "?" : s.tons_left);
  set("tons-used", s.tons_used === null ? "?" : `${s.tons_used} / ${s.tonnage}`);
  set("slots-free", s.slots_free);
  set("heat", `${s.heat_generated} / ${s.heat_dissipated}`);
  // More heat than the sinks shed (firing everything and running): legal, but worth a look.
  $('[data-stat="heat"]').classList.toggle("over", s.heat_generated > s.heat_dissipated);
  set("movement", `${s.walking_mp} / ${s.running_mp} / ${s.jumping_mp}`);
  set("bv", s.bv === null ? "–" : s.bv.toLocaleString("en"));
  set("cost", s.cost === null ? "–" : s.cost.toLocaleString("en"));
  set("rules-level", s.rules_level);
}

function renderSlots(slots) {
  const grid = $("#slot-grid");
  grid.replaceChildren();
  for (const [loc, list] of Object.entries(slots.locations)) {
    const box = document.createElement("div");
    box.className = "loc";
    const h = document.createElement("h4");
    h.textContent = slots.titles[loc];
    const ol = document.createElement("ol");
    list.forEach((slot, i) => ol.append(slotCell(slot, loc, i + 1)));
    box.append(h, ol);
    grid.append(box);
  }
  const unplaced = $("#unplaced");
  unplaced.replaceChildren();
  slots.unplaced.forEach((u) => {
    const cell = slotCell({ name: `${u.name} (no room in ${title(u.location)})`, kind: "equipment",
                            entry: u.entry, auto: false }, u.location, null);
    unplaced.append(cell);
  });
}

function slotCell(slot, loc, number) {
  const li = document.createElement("li");
  li.className = "slot";
  li.dataset.kind = slot.kind;
  li.dataset.location = loc;
  if (number !== null) li.dataset.slot = number;
  li.textContent = slot.name || "— empty —";
  if (slot.entry !== null && slot.entry !== undefined) {
    li.dataset.entry = slot.entry;
    li.dataset.auto = slot.auto;
    li.draggable = true;
    if (state.selected === slot.entry) li.classList.add("selected");
    li.addEventListener("click", () => select(slot.entry));
    li.addEventListener("dragstart", (ev) => { ev.dataTransfer.setData("text/plain", String(slot.entry)); });
  } else if (slot.kind === "empty") {
    li.addEventListener("click", () => {
      if (state.selected !== null) edit("place", { entry: state.selected, location: loc, slot: number });
      else say("first click an item (or drag it here), then this slot");
    });
    li.addEventListener("dragover", (ev) => { ev.preventDefault(); li.classList.add("drop"); });
    li.addEventListener("dragleave", () => li.classList.remove("drop"));
    li.addEventListener("drop", (ev) => {
      ev.preventDefault();
      const entry = Number(ev.dataTransfer.getData("text/plain"));
      if (Number.isInteger(entry)) edit("place", { entry, location: loc, slot: number });
    });
  } else {  // a fixed component's slot: say why nothing happens
    li.addEventListener("click", () => {
      if (state.selected !== null) say(`${slot.name} holds this slot; click an empty one`);
    });
  }
  return li;
}

function select(entry) {
  state.selected = state.selected === entry ? null : entry;
  document.querySelectorAll(".slot[data-entry]").forEach((el) => {
    el.classList.toggle("selected", Number(el.dataset.entry) === state.selected);
  });
  say(state.selected === null ? "" : "now click an empty slot");
}

// ---- operations ------------------------------------------------------------------------
async function edit(op, args) {
  try {
    const answer = await post("/api/edit", { design: state.design, op, args: args || {} });
    state.selected = null;
    change(answer.design, true);
    say("");
  } catch (e) { say(e.message, true); }
}

async function open(body) {
  try {
    const answer = await post("/api/open", body);
    change(answer.design, true);
    say(`opened ${answer.design.chassis || ""} ${answer.design.model || ""}`);
  } catch (e) { say(e.message, true); }
}

async function download(kind) {
  try {
    const response = await call("POST", `/api/download/${kind}`, { design: state.design,
      style: $("#style").value, paper: $("#paper").value });
    const disposition = response.headers.get("Content-Disposition") || "";
    const name = (disposition.match(/filename="([^"]+)"/) || [null, `design.${kind}`])[1];
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement("a");
    a.href = url; a.download = name;
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) { say(e.message, true); }
}

function onField(ev) {
  const input = ev.target;
  if (!input.name || input.closest("#catalogue")) return;
  const d = normalised(state.design);
  let value = fieldValue(input);
  if (input.name.match(/^equipment\.\d+\.count$/) && value === 1) value = undefined;
  if (input.name.match(/^equipment\.\d+\.rear$/) && value === false) value = undefined;
  setPath(d, input.name, value);
  const rebuild = ["ruleset", "config", "tech_base"].includes(input.name) || input.name.startsWith("equipment.");
  change(d, rebuild && ev.type === "change", ev.type === "input" ? input.name : null);
}

async function searchCatalogue() {
  const seq = ++state.catalogueSeq;
  // Busy until the latest search answers: its rows replace the table's, so a click on a
  // row shown before may land on nothing (screen readers announce the wait too).
  $("#catalogue").setAttribute("aria-busy", "true");
  const q = new URLSearchParams({ ruleset: state.design.ruleset || "intro", tech: $("#cat-tech").value,
                                  q: $("#cat-q").value, year: $("#cat-year").value });
  try {
    const rows = await get(`/api/catalogue?${q}`);
    if (seq !== state.catalogueSeq) return;  // a later search answers
    const body = $("#catalogue tbody");
    body.replaceChildren();
    rows.slice(0, 300).forEach((r) => {
      const tr = body.insertRow();
      tr.dataset.item = r.name;
      [r.name, r.tech_base, r.tons, r.slots, r.heat ?? "", r.damage ?? ""].forEach((v) => {
        tr.insertCell().textContent = v;
      });
      const add = document.createElement("button");
      add.type = "button"; add.textContent = "Add";
      // By its id: the row's own version (a Mixed 'Mech lists the IS and the Clan ER Medium
      // Laser, one name); the server writes the name the design reads it by.
      add.addEventListener("click", () => edit("add", { item: r.id || r.name, location: $("#cat-location").value }));
      tr.insertCell().append(add);
    });
  } catch (e) { say(e.message, true); }
  if (seq === state.catalogueSeq) $("#catalogue").setAttribute("aria-busy", "false");
}

function undo() {
  if (!state.past.length) return;
  state.typing = null;
  state.future.push(state.design);
  state.design = state.past.pop();
  render(); say(""); judgeSoon();
}

function redo() {
  if (!state.future.length) return;
  state.typing = null;
  state.past.push(state.design);
  state.design = state.future.pop();
  render(); say(""); judgeSoon();
}

function base64Of(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function kept() {
  try { return JSON.parse(sessionStorage.getItem(KEPT) || "null"); } catch (e) { return null; }
}

async function main() {
  const options = await get("/api/start");
  state.options = options;
  fillSelect($('[name="ruleset"]'), options.rulesets);
  fillSelect($('[name="config"]'), Object.keys(options.configurations));
  fillSelect($("#new-ruleset"), options.rulesets);
  $("#new-ruleset").value = "standard";
  fillSelect($("#style"), ["", ...options.styles]);
  $("#style").options[0].textContent = "ruleset's style";
  fillSelect($("#paper"), options.papers);
  $("#paper").value = "letter";
  const held = kept();
  if (held && held.design) Object.assign(state, { past: held.past || [], future: held.future || [] });
  state.design = normalised((held && held.design) || options.design);
  $("#save-path").value = options.path || "";
  render();
  judgeNow();
  get("/api/library").then((units) => {
    $("#units").replaceChildren(...units.map((u) => new Option(u.name, u.label)));
  });
  const editor = $(".editor");
  // Typing re-judges at once (input); a choice when made (change).
  const typed = (el) => el.tagName === "INPUT" && el.type !== "checkbox" && el.type !== "file";
  editor.addEventListener("input", (ev) => { if (typed(ev.target)) onField(ev); });
  editor.addEventListener("change", (ev) => { if (!typed(ev.target)) onField(ev); });
  $("#new").addEventListener("click", async () => {
    try {
      const answer = await post("/api/new", { ruleset: $("#new-ruleset").value,
        tonnage: Number($("#new-tonnage").value), walking_mp: Number($("#new-walk").value) });
      change(answer.design, true);
    } catch (e) { say(e.message, true); }
  });
  $("#open").addEventListener("click", () => open({ unit: $("#open-unit").value }));
  $("#open-file").addEventListener("change", async (ev) => {
    // The file's bytes, for the server to decode as the commands do (a .mtf in
    // Windows-1252, a YAML file that is not UTF-8 refused): file.text() would have put
    // U+FFFD in for what it could not read, silently.
    const file = ev.target.files[0];
    if (file) open({ filename: file.name, base64: base64Of(new Uint8Array(await file.arrayBuffer())) });
    ev.target.value = "";
  });
  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redo);
  document.addEventListener("keydown", (ev) => {
    if (!(ev.ctrlKey || ev.metaKey)) return;
    if (ev.key === "z") { ev.preventDefault(); undo(); }
    if (ev.key === "y") { ev.preventDefault(); redo(); }
  });
  $("#save").addEventListener("click", async () => {
    try {
      const field = $("#save-path");
      const answer = await post("/api/save", { design: state.design, path: field.value || field.placeholder,
                                               replace: $("#save-replace").checked });
      field.value = field.value || field.placeholder;
      say(`saved ${answer.saved}`);
    } catch (e) { say(e.message, true); }
  });
  document.querySelectorAll("[data-download]").forEach((b) => b.addEventListener("click", () => download(b.dataset.download)));
  $("#auto-armor").addEventListener("click", () => edit("auto_armor", {}));
  $("#auto-armor-left").addEventListener("click", () => edit("auto_armor", { tons: "remaining" }));
  $("#auto-armor-tons").addEventListener("click", () => edit("auto_armor", { tons: $("#armor-tons").value }));
  $("#fill").addEventListener("click", () => edit("fill"));
  $("#compact").addEventListener("click", () => edit("compact"));
  $("#sort").addEventListener("click", () => edit("sort"));
  ["#cat-q", "#cat-year"].forEach((s) => $(s).addEventListener("input", searchCatalogue));
  $("#cat-tech").addEventListener("change", searchCatalogue);
  $("#style").addEventListener("change", judgeNow);
  $("#paper").addEventListener("change", judgeNow);
  document.body.dataset.ready = "true";
}

main().catch((e) => say(e.message, true));
