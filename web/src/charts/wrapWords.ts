/**
 * Splits `text` (words one space apart) into lines no wider than `room` px, where `width(from,
 * count)` is the drawn width of `count` characters from index `from`: measured on the page, so a
 * reader's own letter and word spacing counts. A word wider than `room` gets a line of its own.
 */
export function wrapToWidth(text: string, width: (from: number, count: number) => number, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineW = 0;
  let at = 0;
  for (const word of text.split(' ')) {
    const w = width(at, word.length);
    if (line === '') {
      line = word;
      lineW = w;
    } else {
      const space = width(at - 1, 1);
      if (lineW + space + w > room) {
        lines.push(line);
        line = word;
        lineW = w;
      } else {
        line += ` ${word}`;
        lineW += space + w;
      }
    }
    at += word.length + 1;
  }
  lines.push(line);
  return lines;
}

/** Splits a short text into lines of at most `max` characters at spaces (SVG text has no wrapping). */
export function wrapWords(text: string, max: number): string[] {
  const words = text.split(/\s+/).filter(Boolean).join(' ');
  return wrapToWidth(words, (_from, count) => count, max);
}
