// The table page: one websocket to the server, which sends this key's view after every change. The page
// decides no rule: it shows the actions the server lists, and sends the one chosen with the seq it saw.
const main = document.querySelector("main[data-table]");
const tableId = main.dataset.table;
const key = readKey();
const $ = (id) => document.getElementById(id);
let view = null;
let socket = null;
let retries = 0;
let chosen = null;

function readKey() {
  const match = location.hash.match(/k=([A-Za-z0-9_-]+)/);
  const slot = `tactica-key:${tableId}`;
  if (match) sessionStorage.setItem(slot, match[1]);
  return match ? match[1] : sessionStorage.getItem(slot);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/t/${tableId}`);
  status("connecting");
  socket.onopen = () => socket.send(JSON.stringify({ type: "hello", key }));
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    status("offline");
    if (event.code >= 4400 && event.code < 4500) return; // refused: a wrong link does not get better
    setTimeout(connect, Math.min(5000, 300 * 2 ** retries++));
  };
}

function receive(message) {
  if (message.type === "view") {
    retries = 0;
    status("live");
    render(message.view);
  } else if (message.type === "error") {
    say(message.error);
  } else if (message.type === "ack") {
    say(null);
  }
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return say("not connected: reconnecting…");
  socket.send(JSON.stringify(message));
}

function status(state) {
  const badge = $("link");
  badge.dataset.state = state;
  badge.textContent = { connecting: "connecting…", live: "live", offline: "offline: reconnecting…" }[state];
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

// -- rendering the view ----------------------------------------------------------------------------

function render(next) {
  view = next;
  document.title = `${view.table.name} — tactica`;
  $("title").textContent = `${view.table.name} (${view.table.system_name})`;
  $("who").textContent = view.you.role === "gm" ? "Game master" : `Seat ${view.you.seat}: ${view.you.combatants.join(", ")}`;
  $("turn").textContent = view.turn;
  $("board").innerHTML = view.board_svg; // drawn and escaped by the server (tactica.render.svg)
  renderActions();
  renderCombatants();
  renderLog();
  renderGm();
  cancel();
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (view.over) return box.append(el("p", {}, "The fight is over."));
  if (!view.actions.length) return box.append(el("p", { class: "quiet-text" }, "Nothing for you to do now: waiting for others."));
  const groups = new Map();
  for (const action of view.actions) {
    const name = `${action.actor} ${action.verb}`;
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(action);
  }
  for (const [name, actions] of groups) {
    const row = el("div", { class: "group" }, el("span", { class: "verb" }, name));
    if (actions.length > 8 && actions.every((a) => a.at)) {
      row.append(el("button", { type: "button", class: "option", onclick: () => highlight(actions) }, `choose a square on the map (${actions.length})`));
    } else {
      for (const action of actions) {
        const label = action.text.slice(name.length).trim() || name;
        row.append(el("button", { type: "button", class: "option", "data-action": action.text, onclick: () => choose(action) }, label));
      }
    }
    box.append(row);
  }
}

function renderCombatants() {
  const list = $("combatants");
  list.replaceChildren();
  for (const c of view.combatants) {
    const where = c.pos ? ` @${c.pos.join(",")}` : "";
    const hidden = c.hidden ? " (hidden from players)" : "";
    list.append(el("li", { "data-id": c.id }, el("span", { class: `side side-${cssName(c.side)}` }), el("strong", {}, c.id), ` ${c.side}${where} — ${c.summary}${hidden}`));
  }
}

function renderLog() {
  const log = $("log");
  log.replaceChildren();
  for (const entry of view.log) {
    const item = el("li", { class: entry.undone ? "undone" : "", value: String(entry.seq) });
    const label = entry.kind === "undo" ? `GM undid: ${entry.text}` : entry.text;
    item.append(el("span", {}, label));
    if (entry.lines.length) item.append(el("pre", { class: "lines" }, entry.lines.join("\n")));
    log.append(item);
  }
  log.scrollTop = log.scrollHeight;
}

function renderGm() {
  const gm = view.gm;
  $("gm").hidden = !gm;
  if (!gm) return;
  remember(view.table);
  $("undo").disabled = !view.log.some((e) => e.kind === "action" && !e.undone);
  const seats = $("seats");
  seats.replaceChildren();
  for (const [name, members] of Object.entries(gm.seats)) {
    const link = `${location.origin}/t/${view.table.id}#k=${gm.keys[name]}`;
    seats.append(el("div", { class: "seat" }, el("strong", {}, name), ` (${members.join(", ") || "no one"}) `, el("input", { readonly: "", value: link, "aria-label": `link for ${name}` })));
  }
  $("harm").value = gm.settings.harm;
  const hidden = $("hidden");
  hidden.replaceChildren();
  for (const c of view.combatants) {
    const box = el("input", { type: "checkbox", "data-id": c.id });
    box.checked = gm.settings.hidden.includes(c.id);
    box.addEventListener("change", () => settings({ hidden: [...hidden.querySelectorAll("input:checked")].map((b) => b.dataset.id) }));
    hidden.append(el("label", {}, box, ` hide ${c.id}`), " ");
  }
  if (document.activeElement !== $("notes")) $("notes").value = gm.settings.notes;
}

function remember(table) {
  const known = JSON.parse(localStorage.getItem("tactica-gm-tables") || "[]");
  if (known.some((t) => t.table === table.id)) return;
  localStorage.setItem("tactica-gm-tables", JSON.stringify([...known, { table: table.id, key, name: table.name }]));
}

function cssName(text) {
  return String(text).replace(/[^A-Za-z0-9_-]/g, "_");
}

// -- choosing and confirming -------------------------------------------------------------------------

function highlight(actions) {
  cancel();
  for (const action of actions) cell(action.at)?.classList.add("hl");
  say(null);
}

function cell([x, y]) {
  return $("board").querySelector(`[data-x="${x}"][data-y="${y}"]`);
}

function clicked(event) {
  if (!view) return;
  const token = event.target.closest("[data-id]");
  const square = event.target.closest("[data-x]");
  const found = view.actions.filter((a) => (token && a.target === token.dataset.id) || (square && a.at && a.at[0] === Number(square.dataset.x) && a.at[1] === Number(square.dataset.y)));
  if (found.length === 1) return choose(found[0]);
  if (found.length > 1) return offer(found);
}

function offer(actions) {
  const box = $("confirm");
  box.hidden = false;
  $("confirm-text").textContent = "Which action?";
  $("confirm-odds").replaceChildren(...actions.map((a) => el("button", { type: "button", class: "option", onclick: () => choose(a) }, a.text)));
  $("confirm-go").hidden = true;
}

async function choose(action) {
  chosen = action;
  $("confirm").hidden = false;
  $("confirm-go").hidden = false;
  $("confirm-text").textContent = action.text;
  $("confirm-odds").replaceChildren();
  for (const node of $("board").querySelectorAll(".hl")) node.classList.remove("hl");
  if (action.at) cell(action.at)?.classList.add("hl");
  if (action.target) showOdds(action);
}

async function showOdds(action) {
  const response = await fetch(`/api/t/${tableId}/odds?action=${encodeURIComponent(action.text)}`, { headers: { "X-Table-Key": key } });
  if (chosen !== action) return;
  const data = await response.json();
  if (!response.ok) return $("confirm-odds").replaceChildren(el("p", { class: "quiet-text" }, data.error));
  const rows = Object.entries(data.outcomes).map(([name, o]) => el("tr", {}, el("td", {}, name), el("td", {}, `${(100 * o.probability).toFixed(1)}%`)));
  const how = data.exact ? "exact odds" : `estimate from ${data.samples} resolutions`;
  rows.push(el("tr", {}, el("td", {}, `mean ${data.harm_unit}`), el("td", {}, data.mean_harm.toFixed(2))));
  $("confirm-odds").replaceChildren(el("p", { class: "quiet-text" }, how), el("table", {}, ...rows));
}

function cancel() {
  chosen = null;
  $("confirm").hidden = true;
  for (const node of $("board").querySelectorAll(".hl")) node.classList.remove("hl");
}

function settings(changes) {
  post("settings", changes);
}

async function post(path, body) {
  const response = await fetch(`/api/t/${tableId}/${path}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Table-Key": key }, body: JSON.stringify(body) });
  if (!response.ok) say((await response.json()).error);
}

$("confirm-go").addEventListener("click", () => chosen && send({ type: "act", seq: view.seq, action: chosen.text }));
$("confirm-cancel").addEventListener("click", cancel);
$("board").addEventListener("click", clicked);
$("undo").addEventListener("click", () => send({ type: "undo", seq: view.seq }));
$("harm").addEventListener("change", () => settings({ harm: $("harm").value }));
$("notes-save").addEventListener("click", () => settings({ notes: $("notes").value }));
$("save").addEventListener("click", async (event) => {
  event.preventDefault();
  const response = await fetch(`/api/t/${tableId}/save`, { headers: { "X-Table-Key": key } });
  const link = el("a", { href: URL.createObjectURL(await response.blob()), download: `${tableId}.json` });
  link.click();
});
if (!key) say("This link has no key: open the link the GM gave you (it ends with #k=…).");
else connect();
