// The checker page: parses the answer, runs the TypeScript package's own `check`, and draws the tree.
// Every string from the answer is shown with textContent, never as HTML.
import { check, effectiveState, readRole } from './sdk/index.js';
// The tree's field names and the state names, written from the model by the site emitter.
import { STATE_NAMES, TREE } from './spec-view.js';

const byId = (id) => document.getElementById(id);
const input = byId('answer-input');
const summary = byId('check-summary');
const list = byId('findings');
const treeBox = byId('tree');

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = String(text);
  return e;
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const stateNames = STATE_NAMES;
/** Fields drawn by their own means, not listed as plain values. */
const drawn = new Set([TREE.id, TREE.role, TREE.children, TREE.attributes, TREE.content, ...stateNames].filter(Boolean));

function owner(elements, path) {
  let best = null;
  for (const e of elements) {
    if ((path === e.path || path.startsWith(`${e.path}/`)) && (!best || e.path.length > best.path.length)) best = e;
  }
  return best;
}

function showFindings(findings) {
  list.replaceChildren();
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  summary.textContent = findings.length === 0
    ? 'No findings: the answer passes.'
    : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`;
  summary.className = errors ? 'status-error' : warnings ? 'status-warning' : 'status-pass';
  for (const f of findings) {
    const li = el('li', `finding finding-${f.severity}`);
    li.dataset.rule = f.rule;
    li.append(
      el('span', 'finding-severity', f.severity),
      ' ',
      el('span', 'finding-requirement', f.requirement ?? '—'),
      ' ',
      el('code', 'finding-rule', f.rule),
      ' at ',
      el('code', 'finding-path', f.path || '/'),
      f.elementId === null ? '' : ' (element ',
      f.elementId === null ? '' : el('code', 'finding-element', f.elementId),
      f.elementId === null ? '' : ')',
      ': ',
      el('span', 'finding-message', f.message),
    );
    list.append(li);
  }
}

function drawTree(answer, findings) {
  treeBox.replaceChildren();
  if (!isObject(answer) || !isObject(answer[TREE.root])) {
    treeBox.append(el('p', 'tree-empty', 'No tree to draw.'));
    return;
  }
  let elements;
  try {
    elements = effectiveState(answer);
  } catch (error) {
    treeBox.append(el('p', 'tree-empty', `The tree cannot be read: ${error instanceof Error ? error.message : String(error)}`));
    return;
  }
  const marks = new Map();
  for (const f of findings) {
    const o = owner(elements, f.path);
    if (o) marks.set(o.path, [...(marks.get(o.path) ?? []), f]);
  }
  const rootList = el('ul', 'tree-level');
  const levels = [rootList];
  for (const item of elements) {
    const node = item.element;
    const li = el('li', 'tree-node');
    li.dataset.path = item.path;
    const line = el('div', 'tree-line');
    const raw = node[TREE.role];
    if (typeof raw === 'string') {
      const read = readRole(raw);
      line.append(el('span', read.known ? 'tree-role' : 'tree-role tree-role-unknown', read.known ? read.role : `${read.raw} → ${read.role}`));
    } else {
      line.append(el('span', 'tree-role tree-role-unknown', 'no role'));
    }
    const id = node[TREE.id];
    line.append(' ', el('code', 'tree-id', typeof id === 'string' ? id : JSON.stringify(id ?? null)));
    for (const [key, value] of Object.entries(node)) {
      if (drawn.has(key) || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) continue;
      const field = el('span', 'tree-field');
      field.append(el('span', 'tree-field-name', key), ': ', el('span', 'tree-field-value', String(value)));
      line.append(' ', field);
    }
    for (const name of stateNames) {
      if (item.state[name]) {
        const stated = typeof node[name] === 'boolean';
        line.append(' ', el('span', stated ? 'tree-state' : 'tree-state tree-state-read', name));
      }
    }
    const found = marks.get(item.path);
    if (found) {
      li.classList.add(found.some((f) => f.severity === 'error') ? 'tree-node-error' : 'tree-node-warning');
      line.append(' ', el('span', 'tree-marks', found.map((f) => f.requirement ?? f.rule).join(', ')));
    }
    li.append(line);
    levels.length = item.depth + 1;
    levels[item.depth].append(li);
    const sub = el('ul', 'tree-level');
    li.append(sub);
    levels.push(sub);
  }
  for (const ul of treeBox.querySelectorAll('ul')) if (!ul.children.length) ul.remove();
  treeBox.append(rootList);
}

function run() {
  const text = input.value;
  if (text.trim() === '') {
    list.replaceChildren();
    treeBox.replaceChildren();
    summary.className = '';
    summary.textContent = 'Paste an answer to check it.';
    return;
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    list.replaceChildren();
    treeBox.replaceChildren();
    summary.className = 'status-error';
    summary.textContent = `Not JSON: ${error instanceof Error ? error.message : String(error)}`;
    return;
  }
  const findings = check(value);
  showFindings(findings);
  drawTree(value, findings);
}

let timer;
input.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(run, 150);
});
byId('check-button').addEventListener('click', run);

async function load(file) {
  input.value = await file.text();
  run();
}
byId('answer-file').addEventListener('change', (event) => {
  const file = event.target.files?.[0];
  if (file) void load(file);
});
const zone = byId('drop-zone');
zone.addEventListener('dragover', (event) => {
  event.preventDefault();
  zone.classList.add('dragging');
});
zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
zone.addEventListener('drop', (event) => {
  event.preventDefault();
  zone.classList.remove('dragging');
  const file = event.dataTransfer?.files?.[0];
  if (file) void load(file);
});
byId('example-picker').addEventListener('change', async (event) => {
  const file = event.target.value;
  if (!file) return;
  const response = await fetch(file);
  input.value = await response.text();
  run();
});
document.body.dataset.checkerReady = 'true';
