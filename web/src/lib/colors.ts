/** Okabe–Ito colour-blind-safe palette; flow i always gets FLOW_COLORS[i % n] on every chart. */
export const FLOW_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'] as const;

export function flowColor(index: number): string {
  return FLOW_COLORS[((index % FLOW_COLORS.length) + FLOW_COLORS.length) % FLOW_COLORS.length];
}
