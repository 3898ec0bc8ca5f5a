/** Saves text or a Blob as a file through a temporary object URL (no server involved). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(filename: string, text: string | string[], type = 'text/plain'): void {
  downloadBlob(filename, new Blob(Array.isArray(text) ? text : [text], { type: `${type};charset=utf-8` }));
}

/** A file-name-safe version of an id. */
export function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'losslab';
}
