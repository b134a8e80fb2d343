// The home page: the host (whose link carries the key 'tactica serve' printed) lists every table and
// creates tables from a scenario file; anyone sees the tables they opened as GM in this browser.
const $ = (id) => document.getElementById(id);
const match = location.hash.match(/k=([A-Za-z0-9_-]+)/);
const hostKey = match ? match[1] : null;

function remembered() {
  return JSON.parse(localStorage.getItem("tactica-gm-tables") || "[]");
}

function link(table, key, name) {
  const item = document.createElement("li");
  const anchor = document.createElement("a");
  anchor.href = `/t/${table}#k=${key}`;
  anchor.textContent = name || table;
  item.append(anchor);
  return item;
}

async function list() {
  const items = remembered().map((t) => link(t.table, t.key, t.name));
  if (hostKey) {
    const response = await fetch("/api/tables", { headers: { "X-Table-Key": hostKey } });
    if (response.ok) for (const t of await response.json()) items.push(link(t.table, t.gm_key, `${t.name} (${t.system})`));
  }
  $("tables").replaceChildren(...items);
}

async function create(event) {
  event.preventDefault();
  const file = $("file").files[0];
  if (!file) return;
  const body = JSON.stringify({ name: file.name, text: await file.text() });
  const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json", "X-Table-Key": hostKey }, body });
  const data = await response.json();
  if (!response.ok) {
    $("message").hidden = false;
    $("message").textContent = data.error;
    return;
  }
  localStorage.setItem("tactica-gm-tables", JSON.stringify([...remembered(), { table: data.table, key: data.gm_key, name: file.name }]));
  location.href = `/t/${data.table}#k=${data.gm_key}`;
}

$("upload").hidden = !hostKey;
$("upload").addEventListener("submit", create);
list();
