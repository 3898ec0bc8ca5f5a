/**
 * Charts as files: the SVG with its computed styles inlined (so it renders the same outside the
 * page, in the current theme), and a PNG drawn from that SVG on an offscreen canvas.
 */

const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'shape-rendering',
  'visibility',
  'display',
] as const;

/**
 * A standalone SVG document of `svg` (styles inlined, background painted, namespaces set);
 * `complete` may add to the clone after its styles are inlined.
 */
export function serializeSvg(
  svg: SVGSVGElement,
  background?: string,
  complete?: (clone: SVGSVGElement) => void,
): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = [svg, ...Array.from(svg.querySelectorAll('*'))] as Element[];
  const dst = [clone, ...Array.from(clone.querySelectorAll('*'))] as Element[];
  src.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const out = dst[i] as SVGElement;
    const style: string[] = [];
    for (const p of STYLE_PROPS) {
      const v = cs.getPropertyValue(p);
      if (v) style.push(`${p}:${v}`);
    }
    if (style.length) out.setAttribute('style', style.join(';'));
    out.removeAttribute('class');
  });
  complete?.(clone);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  const w = svg.getAttribute('width') ?? String(svg.clientWidth);
  const h = svg.getAttribute('height') ?? String(svg.clientHeight);
  clone.setAttribute('width', w);
  clone.setAttribute('height', h);
  if (background) {
    const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    rect.setAttribute('width', '100%');
    rect.setAttribute('height', '100%');
    rect.setAttribute('fill', background);
    clone.insertBefore(rect, clone.firstChild);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

/** Renders SVG text to a PNG Blob at `scale` × its size. */
export function svgToPng(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml;charset=utf-8' }));
    img.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(width * scale));
        canvas.height = Math.max(1, Math.round(height * scale));
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2D canvas');
        ctx.scale(scale, scale);
        ctx.drawImage(img, 0, 0, width, height);
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png');
      } catch (e) {
        reject(e);
      } finally {
        URL.revokeObjectURL(url);
      }
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the SVG could not be drawn'));
    };
    img.src = url;
  });
}
