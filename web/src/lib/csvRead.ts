/**
 * Reading a CSV file (RFC 4180: comma-separated, fields with commas, quotes or line breaks quoted,
 * `""` for a quote inside), e.g. the summary file the simulator wrote, so the page can show exactly
 * what it exports. Rows become records keyed by the header's column names.
 */

/** The rows of `text` as arrays of fields (a trailing line break ends the last row). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The data rows of `text` as records keyed by the header's column names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = csvRows(text);
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
