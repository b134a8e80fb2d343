// The table page: one websocket to the server, which sends this key's view after every change. The page
// decides no rule: it shows the actions the server lists, and sends the one chosen with the seq it saw.
const main = document.querySelector("main[data-table]");
const tableId = main.dataset.table;
const key = readKey();
const $ = (id) => document.getElementById(id);
let view = null;
let legal = []; // the view's actions, one object each: {text, actor, verb, target, at, to, using}
let socket = null;
let retries = 0;
let retryTimer = null;
let chosen = null; // the action waiting for its confirmation
let actor = null; // the combatant whose actions are shown
let squares = null; // the actions offered on the map by "choose a square"
let faces = []; // at a table with real dice: the faces typed so far for the chosen action

function readKey() {
  const match = location.hash.match(/k=([A-Za-z0-9_-]+)/);
  const slot = `tactica-key:${tableId}`;
  if (match) sessionStorage.setItem(slot, match[1]);
  return match ? match[1] : sessionStorage.getItem(slot);
}

// -- the connection ----------------------------------------------------------------------------------

function connect() {
  clearTimeout(retryTimer);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/t/${tableId}`);
  socket = ws;
  status("connecting");
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", key }));
  ws.onmessage = (event) => socket === ws && receive(JSON.parse(event.data));
  ws.onclose = (event) => socket === ws && closed(event);
}

function closed(event) {
  socket = null;
  if (event.code >= 4400 && event.code < 4500) return status("refused"); // a wrong link does not get better
  status("offline");
  if (navigator.onLine) retryTimer = setTimeout(connect, Math.min(5000, 300 * 2 ** retries++));
}

// The browser knows before the socket does when the network goes: drop the socket at once and come back
// as soon as the network does (a socket over a dead network can look open for minutes).
function wentOffline() {
  const ws = socket;
  socket = null;
  ws?.close();
  clearTimeout(retryTimer);
  status("offline");
}

function cameOnline() {
  retries = 0;
  if (!socket) connect();
}

function receive(message) {
  if (message.type === "view") {
    if ($("link").dataset.state !== "live") say(null);
    retries = 0;
    status("live");
    render(message.view);
  } else if (message.type === "patch") {
    render(applyPatch(view, message.patch));
  } else if (message.type === "error" && message.status === 428) {
    askFaces(message);
  } else if (message.type === "error") {
    $("confirm-go").disabled = false;
    say(message.error);
  } else if (message.type === "ack") {
    say(null);
    cancel();
  }
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return say("not connected: reconnecting…");
  $("confirm-go").disabled = true; // one click, one action: enabled again by the answer
  socket.send(JSON.stringify(message));
}

function status(state) {
  const badge = $("link");
  badge.dataset.state = state;
  badge.textContent = { connecting: "connecting…", live: "live", offline: "offline: reconnecting…", refused: "not connected" }[state];
}

function say(text) {
  $("message").hidden = !text;
  $("message").textContent = text || "";
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "onclick") node.addEventListener("click", value);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// After a change the server sends only what changed since the view this page holds (tactica.table.wire):
// values put by path, long texts spliced (offsets in UTF-16 units, as here), log entries dropped or put by seq.
function applyPatch(old, patch) {
  let next = { ...old };
  for (const [path, value] of patch.put || []) {
    if (!path.length) {
      next = { ...value };
      continue;
    }
    let into = next;
    for (const step of path.slice(0, -1)) into = into[step] = { ...into[step] };
    into[path[path.length - 1]] = value;
  }
  for (const [part, [start, end, text]] of Object.entries(patch.splice || {})) next[part] = next[part].slice(0, start) + text + next[part].slice(end);
  if (patch.log) {
    const entries = new Map(next.log.map((e) => [e.seq, e]));
    for (const seq of patch.log.drop) entries.delete(seq);
    for (const e of patch.log.put) entries.set(e.seq, e);
    next.log = [...entries.keys()].sort((a, b) => a - b).map((seq) => entries.get(seq));
  }
  return next;
}

// The view lists actions by actor and verb, each as the rest of its text ({"vex": {"move": ["@3,4"]}});
// read back as the engine reads an action: ACTOR VERB [TARGET] [@X,Y [to @X,Y]] [with ITEM] [+FLAG ...].
function expand(grouped) {
  const out = [];
  for (const [actorId, verbs] of Object.entries(grouped)) {
    for (const [verb, rests] of Object.entries(verbs)) for (const rest of rests) out.push(readAction(actorId, verb, rest));
  }
  return out;
}

function readAction(actorId, verb, rest) {
  const action = { text: [actorId, verb, rest].filter(Boolean).join(" "), actor: actorId, verb, target: null, at: null, to: null, using: null };
  const words = rest.split(" ").filter(Boolean);
  const pos = (word) => word.slice(1).split(",").map(Number);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word.startsWith("+")) continue;
    else if (word.startsWith("@") && !action.at) action.at = pos(word);
    else if (word === "to" && action.at && !action.to) action.to = pos(words[++i]);
    else if (word === "with" && !action.using) action.using = words[++i];
    else if (!action.target && !action.at && !action.using) action.target = word;
  }
  return action;
}

// -- rendering the view ----------------------------------------------------------------------------

function render(next) {
  if (next.actions !== view?.actions) legal = expand(next.actions);
  const seq = view?.seq;
  view = next;
  document.title = `${view.table.name} — tactica`;
  $("title").textContent = `${view.table.name} (${view.table.system_name})`;
  $("who").textContent = view.you.role === "gm" ? "Game master" : `Seat ${view.you.seat}: ${view.you.combatants.join(", ")}`;
  $("turn").textContent = view.turn;
  $("board").innerHTML = view.board_svg; // drawn and escaped by the server (tactica.render.svg)
  squares = null;
  renderActions();
  renderCombatants();
  renderLog();
  renderGm();
  keepChoice(seq);
}

function renderActions() {
  const box = $("actions");
  if (view.over) return box.replaceChildren(el("p", {}, "The fight is over."));
  if (!legal.length) return box.replaceChildren(el("p", { class: "quiet-text" }, "Nothing for you to do now: waiting for others."));
  const actors = [...new Set(legal.map((a) => a.actor))];
  if (!actors.includes(actor)) actor = actors[0];
  box.replaceChildren(actorTabs(actors), ...verbRows(legal.filter((a) => a.actor === actor)));
  markTokens();
}

// Ring the acting combatant's token, and the target of the action waiting for confirmation.
function markTokens() {
  for (const token of $("board").querySelectorAll(".token[data-id]")) {
    token.classList.toggle("acting", token.dataset.id === actor && legal.length > 0);
    token.classList.toggle("chosen", token.dataset.id === chosen?.target);
  }
}

// One tab per combatant who may act now (a team turn lists many): only the chosen one's actions are shown.
function actorTabs(actors) {
  const tab = (id) => el("button", { type: "button", class: "actor", "data-actor": id, "aria-pressed": String(id === actor), onclick: () => pick(id) }, id);
  return el("div", { class: "actors", role: "group", "aria-label": "acting combatant" }, ...actors.map(tab));
}

function pick(id) {
  actor = id;
  cancel();
  renderActions();
}

function verbRows(actions) {
  const groups = new Map();
  const plain = [];
  for (const action of actions) {
    const label = action.text.slice(`${action.actor} ${action.verb}`.length).trim();
    if (!label) plain.push(actionButton(action, action.verb));
    else groups.set(action.verb, [...(groups.get(action.verb) || []), action]);
  }
  const rows = [...groups].map(([verb, list]) => verbRow(verb, list));
  if (plain.length) rows.push(row("", plain));
  return rows;
}

function verbRow(verb, actions) {
  if (actions.length > 8 && actions.every((a) => a.at)) {
    return row(verb, [el("button", { type: "button", class: "option", onclick: () => highlight(actions) }, `choose a square on the map (${actions.length})`)]);
  }
  return row(verb, actions.map((a) => actionButton(a, a.text.slice(`${a.actor} ${verb}`.length).trim())));
}

function row(verb, buttons) {
  return el("div", { class: "group" }, el("span", { class: "verb" }, verb), el("div", { class: "buttons" }, ...buttons));
}

function actionButton(action, label) {
  return el("button", { type: "button", class: "option", "data-action": action.text, onclick: () => choose(action) }, label);
}

// One list per side, side by side.
function renderCombatants() {
  const sides = new Map();
  for (const c of view.combatants) sides.set(c.side, [...(sides.get(c.side) || []), combatantItem(c)]);
  $("combatants").replaceChildren(...[...sides.values()].map((items) => el("ul", {}, ...items)));
}

function combatantItem(c) {
  const where = c.pos ? ` @${c.pos.join(",")}` : "";
  const text = el("span", {}, el("strong", {}, c.id), el("span", { class: "quiet-text" }, ` ${c.side}${where}`), ` ${c.summary}`);
  if (c.hidden) text.append(" ", el("span", { class: "flag" }, "hidden from players"));
  return el("li", { "data-id": c.id }, tokenMark(c.id), text);
}

// The combatant's token as the map draws it (its letter in its side's colour), so the list keys the map.
function tokenMark(id) {
  const token = [...$("board").querySelectorAll(".token[data-id]")].find((t) => t.dataset.id === id);
  const mark = el("span", { class: "mark", "aria-hidden": "true" }, token?.querySelector(".letter")?.textContent || "");
  const disc = token?.querySelector(".disc");
  if (disc) mark.style.background = getComputedStyle(disc).fill;
  const letter = token?.querySelector(".letter");
  if (letter) mark.style.color = getComputedStyle(letter).fill;
  return mark;
}

function renderLog() {
  const log = $("log");
  const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  log.replaceChildren(...view.log.map(logItem));
  if (atEnd) log.scrollTop = log.scrollHeight; // follow the fight, unless the reader scrolled back
}

function logItem(entry) {
  const item = el("li", { class: entry.undone ? "undone" : "", value: String(entry.seq) });
  item.append(el("span", {}, entry.kind === "undo" ? `GM undid: ${entry.text}` : entry.text));
  if (entry.kind === "action" || entry.kind === "sealed") item.append(el("span", { class: "by" }, entry.seat ? ` ${entry.seat}` : " GM"));
  if (entry.lines.length) item.append(el("pre", { class: "lines" }, entry.lines.join("\n")));
  return item;
}

function renderGm() {
  const gm = view.gm;
  const firstTime = $("gm").hidden;
  $("gm").hidden = $("gm-bar").hidden = !gm;
  if (!gm) return;
  if (firstTime) $("gm").open = view.seq === 0; // the links are wanted before the first action
  remember(view.table);
  $("undo").disabled = !view.log.some((e) => e.kind === "action" && !e.undone);
  $("seats").replaceChildren(...Object.entries(gm.seats).map(([name, members]) => seatLink(name, members, gm.keys[name])));
  $("harm").value = gm.settings.harm;
  $("hidden").replaceChildren(...view.combatants.map((c) => hideChoice(c.id, gm.settings.hidden.includes(c.id))));
  if (document.activeElement !== $("notes")) $("notes").value = gm.settings.notes;
}

function seatLink(name, members, secret) {
  const link = `${location.origin}/t/${view.table.id}#k=${secret}`;
  const field = el("input", { readonly: "", value: link, "aria-label": `link for ${name}` });
  field.addEventListener("focus", () => field.select());
  return el("div", { class: "seat" }, el("strong", {}, name), ` (${members.join(", ") || "no one"})`, field);
}

function hideChoice(id, hidden) {
  const box = el("input", { type: "checkbox", "data-id": id });
  box.checked = hidden;
  box.addEventListener("change", () => settings({ hidden: [...$("hidden").querySelectorAll("input:checked")].map((b) => b.dataset.id) }));
  return el("label", {}, box, ` hide ${id}`);
}

function remember(table) {
  const known = JSON.parse(localStorage.getItem("tactica-gm-tables") || "[]");
  if (known.some((t) => t.table === table.id)) return;
  localStorage.setItem("tactica-gm-tables", JSON.stringify([...known, { table: table.id, key, name: table.name }]));
}

// -- choosing and confirming -------------------------------------------------------------------------

function highlight(actions) {
  cancel();
  squares = actions;
  for (const action of actions) cell(action.at)?.classList.add("hl");
  say(null);
}

function cell([x, y]) {
  return $("board").querySelector(`.cells [data-x="${x}"][data-y="${y}"]`);
}

function clicked(event) {
  if (!view) return;
  const token = event.target.closest("[data-id]")?.dataset.id;
  const square = event.target.closest("[data-x]");
  const at = square && [Number(square.dataset.x), Number(square.dataset.y)];
  const hit = (a) => (token && a.target === token) || (at && a.at && a.at[0] === at[0] && a.at[1] === at[1]);
  const offered = squares?.filter(hit) || [];
  const found = offered.length ? offered : legal.filter((a) => a.actor === actor && hit(a));
  if (!found.length && token !== actor && legal.some((a) => a.actor === token)) return pick(token);
  if (found.length === 1) return choose(found[0]);
  if (found.length > 1) return offer(found);
}

function offer(actions) {
  showConfirm("Which action?");
  $("confirm-odds").replaceChildren(...actions.map((a) => el("button", { type: "button", class: "option", onclick: () => choose(a) }, a.text)));
  $("confirm-go").hidden = true;
}

function choose(action) {
  chosen = action;
  showConfirm(action.text);
  $("confirm-go").hidden = false;
  $("confirm-go").disabled = false;
  for (const node of $("board").querySelectorAll(".hl")) node.classList.remove("hl");
  if (action.at) cell(action.at)?.classList.add("hl");
  markTokens();
  faces = [];
  if (action.target) showOdds(action);
  else if (action.at) showPath(action);
}

function showConfirm(text) {
  const opening = $("confirm").hidden;
  $("confirm").hidden = false;
  $("confirm-text").textContent = text;
  $("confirm-odds").replaceChildren();
  if (opening) $("confirm").scrollIntoView({ block: "nearest" });
}

// A new view keeps the choice waiting for confirmation while the server still lists it; a roll asked for
// stays asked for, with the faces typed so far, unless the fight moved on (a new seq: the server asks again).
function keepChoice(seq) {
  const still = chosen && legal.find((a) => a.text === chosen.text);
  if (still && rolling() && view.seq === seq) chosen = still;
  else if (still) choose(still);
  else cancel();
}

// Whether a roll is asked for (a table with real dice): it stays until it is answered or the choice ends.
function rolling() {
  return $("confirm-odds").querySelector(".roll") !== null;
}

// A move shows its path and what it costs (the server takes it on a copy of the fight) before it is confirmed.
async function showPath(action) {
  const response = await fetch(`/api/t/${tableId}/preview?action=${encodeURIComponent(action.text)}`, { headers: { "X-Table-Key": key } });
  const data = await response.json();
  if (chosen !== action || rolling() || !response.ok || !data.path.length) return;
  for (const p of data.path) cell(p)?.classList.add("hl");
  $("confirm-odds").replaceChildren(...data.lines.map((line) => el("p", { class: "quiet-text" }, line)));
}

// At a table with real dice, the server asks for each roll in turn: the faces typed are sent with the action.
function askFaces(message) {
  const need = message.needed;
  faces = message.given;
  const input = el("input", { type: "text", inputmode: "numeric", "aria-label": "faces rolled", placeholder: need.count > 1 ? "e.g. 3 5" : "" });
  const go = el("button", { type: "button", onclick: () => sendFaces(input.value, need) }, "Roll");
  $("confirm-odds").replaceChildren(el("p", { class: "roll", "data-given": String(faces.length) }, `Roll ${need.count}${need.die} for ${need.purpose} (faces ${need.faces[0]} to ${need.faces[1]}):`), input, go);
  $("confirm-go").hidden = true;
  input.focus();
}

function sendFaces(text, need) {
  const typed = text.trim().split(/[\s,]+/).filter(Boolean).map(Number);
  if (typed.length !== need.count || typed.some((f) => !Number.isInteger(f) || f < need.faces[0] || f > need.faces[1])) {
    return say(`type ${need.count} face${need.count > 1 ? "s" : ""} from ${need.faces[0]} to ${need.faces[1]}`);
  }
  say(null);
  send({ type: "act", seq: view.seq, action: chosen.text, faces: [...faces, ...typed] });
}

async function showOdds(action) {
  const response = await fetch(`/api/t/${tableId}/odds?action=${encodeURIComponent(action.text)}`, { headers: { "X-Table-Key": key } });
  const data = await response.json();
  if (chosen !== action || rolling()) return; // answered after the roll was asked for: the roll stays
  if (!response.ok) return $("confirm-odds").replaceChildren(el("p", { class: "quiet-text" }, `no odds: ${data.error.split("\n")[0]}`));
  const rows = Object.entries(data.outcomes).map(([name, o]) => el("tr", {}, el("td", {}, name), el("td", {}, `${(100 * o.probability).toFixed(1)}%`)));
  const how = data.exact ? "exact odds" : `estimate from ${data.samples} resolutions`;
  rows.push(el("tr", {}, el("td", {}, `mean ${data.harm_unit}`), el("td", {}, data.mean_harm.toFixed(2))));
  $("confirm-odds").replaceChildren(el("p", { class: "quiet-text" }, how), el("table", {}, ...rows));
}

function cancel() {
  chosen = null;
  squares = null;
  $("confirm").hidden = true;
  $("confirm-odds").replaceChildren();
  for (const node of $("board").querySelectorAll(".hl")) node.classList.remove("hl");
  if (view) markTokens();
}

function settings(changes) {
  post("settings", changes);
}

async function post(path, body) {
  const response = await fetch(`/api/t/${tableId}/${path}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Table-Key": key }, body: JSON.stringify(body) });
  if (!response.ok) say((await response.json()).error);
}

async function exportFight(event) {
  event.preventDefault();
  const response = await fetch(`/api/t/${tableId}/save`, { headers: { "X-Table-Key": key } });
  if (!response.ok) return say((await response.json()).error);
  el("a", { href: URL.createObjectURL(await response.blob()), download: `${tableId}.json` }).click();
}

$("confirm-go").addEventListener("click", () => chosen && send({ type: "act", seq: view.seq, action: chosen.text, faces }));
$("confirm-cancel").addEventListener("click", cancel);
$("board").addEventListener("click", clicked);
$("undo").addEventListener("click", () => send({ type: "undo", seq: view.seq }));
$("harm").addEventListener("change", () => settings({ harm: $("harm").value }));
$("notes-save").addEventListener("click", () => settings({ notes: $("notes").value }));
$("save").addEventListener("click", exportFight);
window.addEventListener("offline", wentOffline);
window.tactica = { view: () => view, actions: () => legal }; // what the page holds, for scripts and tests
window.addEventListener("online", cameOnline);
if (!key) say("This link has no key: open the link the GM gave you (it ends with #k=…).");
else connect();
