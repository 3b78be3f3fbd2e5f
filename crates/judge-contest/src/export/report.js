// The report's one script: a click on a scoreboard cell shows that student's attempts at
// that problem (with the sample tests' diffs, stderr and pictures), from the JSON data in the page. Every text goes in through textContent,
// never as markup.
const data = JSON.parse(document.getElementById('data').textContent);
function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function show(student, problem, cell) {
  document.querySelectorAll('td.selected').forEach(c => c.classList.remove('selected'));
  if (cell) cell.classList.add('selected');
  const box = document.getElementById('details');
  box.replaceChildren(el('h2', {}, student + ' — ' + problem));
  const attempts = data.attempts.filter(a => a.student === student && a.problem === problem);
  if (attempts.length === 0) { box.appendChild(el('p', {class: 'note'}, 'No attempts.')); return; }
  for (const a of attempts) {
    const head = el('h3', {class: 'attempt'});
    head.appendChild(el('span', {}, a.file + ' (' + (a.language || '?') + ', ' + a.time + ') '));
    head.appendChild(el('span', {class: 'verdict-' + (a.verdict || 'JE')}, a.verdict || a.status));
    if (a.points !== null) head.appendChild(el('span', {}, '  ' + a.points + ' points'));
    box.appendChild(head);
    if (a.reason) box.appendChild(el('p', {class: 'note'}, a.reason));
    if (a.compile_message) box.appendChild(el('pre', {}, a.compile_message));
    if (a.tests.length === 0) continue;
    const table = el('table', {class: 'tests'});
    const header = el('tr');
    for (const h of ['test', 'verdict', 'CPU (s)', 'wall (s)', 'memory (MiB)', 'message']) header.appendChild(el('th', {}, h));
    table.appendChild(header);
    for (const t of a.tests) {
      const row = el('tr', {class: 'test'});
      row.appendChild(el('td', {class: 'text'}, t.name));
      row.appendChild(el('td', {class: 'verdict-' + t.verdict}, t.verdict));
      row.appendChild(el('td', {}, t.cpu.toFixed(3)));
      row.appendChild(el('td', {}, t.wall.toFixed(3)));
      row.appendChild(el('td', {}, (t.memory / 1048576).toFixed(1)));
      row.appendChild(el('td', {class: 'text'}, t.message));
      table.appendChild(row);
      if (t.diff) {
        const diffRow = el('tr');
        const cellEl = el('td', {colspan: '6', class: 'text'});
        cellEl.appendChild(el('pre', {class: 'diff'}, t.diff));
        diffRow.appendChild(cellEl);
        table.appendChild(diffRow);
      }
      if (t.stderr) {
        const stderrRow = el('tr');
        const cellEl = el('td', {colspan: '6', class: 'text'});
        cellEl.appendChild(el('span', {class: 'note'}, 'What the program wrote to stderr:'));
        cellEl.appendChild(el('pre', {class: 'stderr'}, t.stderr));
        stderrRow.appendChild(cellEl);
        table.appendChild(stderrRow);
      }
      if (t.picture || t.picture_note) {
        // The picture as an image from a data: address: an SVG shown so runs no script
        // and loads nothing, whatever it holds.
        const pictureRow = el('tr');
        const cellEl = el('td', {colspan: '6', class: 'text picture'});
        if (t.picture) {
          cellEl.appendChild(el('span', {class: 'note'}, 'The output drawn on the test:'));
          cellEl.appendChild(el('br'));
          cellEl.appendChild(el('img', {class: 'picture', alt: 'the output of ' + t.name + ' drawn on the test',
            src: 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(t.picture)}));
        } else {
          cellEl.appendChild(el('span', {class: 'note'}, 'No picture: ' + t.picture_note));
        }
        pictureRow.appendChild(cellEl);
        table.appendChild(pictureRow);
      }
    }
    box.appendChild(table);
  }
}
document.querySelectorAll('td.cell').forEach(cell => {
  cell.addEventListener('click', () => show(cell.dataset.student, cell.dataset.problem, cell));
});
