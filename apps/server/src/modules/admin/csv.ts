/**
 * A small RFC 4180 reader for the people import: quoted fields (with "" inside, commas and line breaks), CRLF or LF,
 * a UTF-8 byte order mark, and `;` as separator when the header line has no comma (spreadsheets in many locales save
 * so). A character scan, no pattern: its time is linear in the file whatever the input.
 */
export interface CsvTable {
  header: string[];
  /** each row with its 1-based line in the file (the header is line 1) */
  rows: { line: number; cells: string[] }[];
}

export class CsvTooLarge extends Error {}

export function parseCsv(text: string, maxRows: number): CsvTable {
  let s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (s.endsWith('\n')) s = s.replace(/\r?\n$/, '');
  const firstLineEnd = s.indexOf('\n');
  const firstLine = firstLineEnd === -1 ? s : s.slice(0, firstLineEnd);
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const endRecord = () => {
    cells.push(cell);
    // blank lines are skipped (a trailing empty line, a spreadsheet's gaps)
    if (!(cells.length === 1 && cells[0].trim() === '')) {
      records.push({ line: startLine, cells });
      if (records.length > maxRows + 1) throw new CsvTooLarge();
    }
    cells = [];
    cell = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') {
      if (cell.endsWith('\r')) cell = cell.slice(0, -1);
      endRecord();
      line++;
      startLine = line;
    } else cell += c;
  }
  if (cell.endsWith('\r')) cell = cell.slice(0, -1);
  if (s.length > 0) endRecord();
  const [head, ...rows] = records;
  return { header: (head?.cells ?? []).map((h) => h.trim().toLowerCase()), rows };
}
