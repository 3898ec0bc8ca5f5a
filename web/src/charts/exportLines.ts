/**
 * A saved SVG always holds the lines as paths, whichever way the page drew them: when the page
 * drew them on a canvas, the export's copy of the chart gets one `<path>` per line in the lines
 * layer, in drawing order, with the canvas' colours, widths, dashes and dimming.
 */
import { resolveColor } from './LineCanvas';
import { pathData } from './lineGeometry';
import type { PlottedLine } from './usePlotted';

export interface ExportLineStyle {
  width: number;
  dim: boolean;
}

/** Adds the lines `ordered` (drawn last on top) to `clone`'s `[data-lines-layer]`. */
export function addLinePaths(
  clone: SVGSVGElement,
  ordered: readonly PlottedLine[],
  styleOf: (p: PlottedLine) => ExportLineStyle,
  css: Pick<CSSStyleDeclaration, 'getPropertyValue'>,
): void {
  const layer = clone.querySelector('[data-lines-layer]');
  if (!layer) return;
  const NS = 'http://www.w3.org/2000/svg';
  for (const p of [...ordered].reverse()) {
    const { l, xy } = p;
    const { width, dim } = styleOf(p);
    const path = document.createElementNS(NS, 'path');
    path.setAttribute('d', pathData(xy));
    path.setAttribute('data-series', l.series);
    if (l.flow) path.setAttribute('data-flow', l.flow);
    if (l.entity) path.setAttribute('data-entity', l.entity);
    const style = [
      `fill:none`,
      `stroke:${resolveColor(l.color, css)}`,
      `stroke-width:${width}`,
      'stroke-linejoin:round',
      'stroke-linecap:round',
    ];
    if (l.dashed) style.push('stroke-dasharray:5 4');
    if (dim) style.push('opacity:0.18');
    path.setAttribute('style', style.join(';'));
    layer.insertBefore(path, layer.firstChild);
  }
}
