/** Formulas in lesson prose get real superscripts and subscripts; code spans stay as written. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe('typeset', () => {
  it('raises exponents and lowers subscripts', () => {
    expect(html('PER = 1 − (1 − BER)^(bits per packet)')).toBe('<p>PER = 1 − (1 − BER)<sup>bits per packet</sup></p>');
    expect(html('1 − (1 − 1e-5)^12000 ≈ 11.3 %')).toBe('<p>1 − (1 − 1e-5)<sup>12000</sup> ≈ 11.3 %</p>');
    expect(html('T > T̄ + T_dev · (2 · (T_p / T)^3 − 1)')).toBe(
      '<p>T &gt; T̄ + T<sub>dev</sub> · (2 · (T<sub>p</sub> / T)<sup>3</sup> − 1)</p>',
    );
    expect(html('A_c and A_w')).toBe('<p>A<sub>c</sub> and A<sub>w</sub></p>');
  });

  it('leaves code spans and identifiers alone', () => {
    expect(html('`x^2` and always_congestion')).toBe('<p><code>x^2</code> and always_congestion</p>');
  });
});
