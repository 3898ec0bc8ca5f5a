/**
 * The colours of saved charts: light by default, whatever theme the page shows, since a
 * chart ends up in slides, papers and handouts on white; "as shown" keeps the page's dark theme.
 * The choice is one for all charts and stays across visits.
 */
export type ExportTheme = 'light' | 'shown';

const KEY = 'losslab.export-theme';

export function getExportTheme(): ExportTheme {
  try {
    return localStorage.getItem(KEY) === 'shown' ? 'shown' : 'light';
  } catch {
    return 'light';
  }
}

export function setExportTheme(t: ExportTheme): void {
  try {
    if (t === 'light') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, t);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

/**
 * Runs `f` (which reads computed styles) with the page in the light theme when `t` is "light",
 * then puts the theme back. Synchronous, so nothing is painted in between.
 */
export function inExportTheme<T>(t: ExportTheme, f: () => T): T {
  const root = document.documentElement;
  const before = root.getAttribute('data-theme');
  if (t === 'shown' || before === 'light') return f();
  root.setAttribute('data-theme', 'light');
  try {
    return f();
  } finally {
    if (before === null) root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', before);
  }
}
