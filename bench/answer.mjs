// A realistic answer of about `count` elements: windows holding lists of rows, each row with text that carries
// content blocks and attributes, the focus path set down one branch.
export function realisticAnswer(count) {
  const windows = [];
  let made = 1;
  let w = 0;
  while (made < count) {
    const rows = [];
    const win = { id: `w-${w}`, role: 'Window', subrole: 'pane', title: `Window ${w}`, children: [{ id: `l-${w}`, role: 'List', subrole: 'thread', children: rows }] };
    if (w === 0) win.focused = true;
    made += 2;
    for (let r = 0; r < 500 && made < count; r++) {
      const id = `${w}-${r}`;
      rows.push({
        id: `r-${id}`, role: 'Row', subrole: 'comment', title: `Comment ${id}`,
        attributes: { author: 'Ada', related: [{ relation: 'reply-to', id: `r-${w}-0` }] },
        children: [{ id: `t-${id}`, role: 'Text', content: [{ type: 'text', text: `What comment ${id} says, in a sentence or two.` }] }],
      });
      made += 2;
    }
    windows.push(win);
    w++;
  }
  return { protocol: '0.2.0', instance: 'bench', root: { id: 'app', role: 'Application', title: 'Bench', children: windows } };
}

// A realistic answer whose compact JSON is at least `bytes` long (the checker page's 5 MB answer).
export function answerOfBytes(bytes) {
  const perElement = JSON.stringify(realisticAnswer(2000)).length / 2000;
  let count = Math.ceil(bytes / perElement);
  let answer = realisticAnswer(count);
  while (JSON.stringify(answer).length < bytes) answer = realisticAnswer((count = Math.ceil(count * 1.01)));
  return answer;
}
