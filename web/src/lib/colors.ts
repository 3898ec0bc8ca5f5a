/**
 * Colours. Flows use the Okabe–Ito palette (distinguishable under the common colour-vision
 * deficiencies; its yellow is left out for contrast on white and its black replaced by a grey that
 * reads in both themes), with its orange and sky blue (2.3:1 on white) replaced by a bronze and a
 * violet: every colour is 3:1 or more (WCAG 1.4.11) on the light and the dark panels, and under
 * simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, CIELAB ΔE) the two new
 * colours are no closer to any other than the palette's closest pair already was. Flow i gets
 * FLOW_COLORS[i % n] on every chart. Links use the page's ink and muted greys with dashes, so they
 * never look like a flow.
 */
export const FLOW_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#996B2E', '#8E5BD9', '#8C8C8C'] as const;

export function flowColor(index: number): string {
  return FLOW_COLORS[((index % FLOW_COLORS.length) + FLOW_COLORS.length) % FLOW_COLORS.length];
}

export const LINK_STYLES: Record<string, { color: string; dashed: boolean }> = {
  bottleneck: { color: 'var(--ink)', dashed: false },
  'bottleneck.reverse': { color: 'var(--ink)', dashed: true },
  access: { color: 'var(--muted)', dashed: false },
  'access.reverse': { color: 'var(--muted)', dashed: true },
};
