/**
 * The frame every chart shares: a figure with a heading, "Save SVG" / "Save PNG" buttons (light
 * colours unless the reader picks "as shown", a choice visible in the dark theme), a one-line
 * "what am I looking at?" caption, the chart itself and its legend.
 */
import { useId, useRef, useState, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { downloadBlob, downloadText, safeName } from '../lib/download';
import { getExportTheme, inExportTheme, setExportTheme, type ExportTheme } from './exportTheme';
import { serializeSvg, svgToPng } from './saveChart';
import './charts.css';

export interface ChartFrameProps {
  title: string;
  /** Base name of saved files. */
  fileName?: string;
  /** The chart's SVG element (what gets saved). */
  svgRef: RefObject<SVGSVGElement | null>;
  children: ReactNode;
  legend?: ReactNode;
  /** One line under the title saying what the chart shows, in the reader's terms. */
  caption?: ReactNode;
  /** A short note under the caption (units, what the marks mean). */
  note?: ReactNode;
  figureProps?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number | undefined>;
  /** Completes the saved SVG (e.g. lines the page drew on a canvas), after styles are inlined. */
  prepareExport?(clone: SVGSVGElement): void;
  /** Extra controls next to the save buttons. */
  tools?: ReactNode;
}

export function ChartFrame({
  title,
  fileName,
  svgRef,
  children,
  legend,
  caption,
  note,
  figureProps,
  tools,
  prepareExport,
}: ChartFrameProps) {
  const [error, setError] = useState<string | null>(null);
  // The figure is named by its title (its caption holds the legend, which is not a name).
  const titleId = `chart-title-${useId().replace(/:/g, '')}`;
  const busy = useRef(false);
  const base = safeName(fileName ?? title.toLowerCase().replace(/\s+/g, '-'));
  const [exportTheme, setTheme] = useState<ExportTheme>(getExportTheme);
  const background = () => getComputedStyle(document.documentElement).getPropertyValue('--panel').trim() || '#ffffff';
  /** The chart as a standalone SVG document, in the chosen colours. */
  const snapshot = (svg: SVGSVGElement) =>
    inExportTheme(getExportTheme(), () => serializeSvg(svg, background(), prepareExport));

  const saveSvg = () => {
    const svg = svgRef.current;
    if (!svg) return;
    downloadText(`${base}.svg`, snapshot(svg), 'image/svg+xml');
  };
  const savePng = async () => {
    const svg = svgRef.current;
    if (!svg || busy.current) return;
    busy.current = true;
    try {
      const w = Number(svg.getAttribute('width')) || svg.clientWidth;
      const h = Number(svg.getAttribute('height')) || svg.clientHeight;
      downloadBlob(`${base}.png`, await svgToPng(snapshot(svg), w, h, 2));
      setError(null);
    } catch (e) {
      setError(`The PNG could not be made: ${(e as Error).message}`);
    } finally {
      busy.current = false;
    }
  };

  return (
    <figure className="chart" aria-labelledby={titleId} {...figureProps}>
      <div className="chart-head">
        <h3 className="chart-title" id={titleId}>
          {title}
        </h3>
        <div className="chart-tools">
          {tools}
          <select
            className="small export-theme"
            aria-label="Colours of saved charts"
            value={exportTheme}
            onChange={(e) => {
              const t = e.target.value as ExportTheme;
              setExportTheme(t);
              setTheme(t);
            }}
          >
            <option value="light">Light colours</option>
            <option value="shown">Dark, as shown</option>
          </select>
          <button type="button" className="small" onClick={saveSvg}>
            Save SVG
          </button>
          <button type="button" className="small" onClick={() => void savePng()}>
            Save PNG
          </button>
        </div>
      </div>
      {caption && (
        <p className="chart-about" data-testid="chart-about">
          {caption}
        </p>
      )}
      {note && <p className="chart-note">{note}</p>}
      {children}
      {legend && <figcaption className="chart-caption">{legend}</figcaption>}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </figure>
  );
}
