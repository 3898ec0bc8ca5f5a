/**
 * Saved charts use the light theme unless the reader asks otherwise: in the dark theme,
 * "Save SVG" and "Save PNG" give a white background and dark ink; choosing "Dark, as shown" keeps
 * the page's colours.
 */
import { expect, test, type Page } from '@playwright/test';
import { chart, downloadBytes, downloadText, downloads, openLab, runToEnd, watchErrors } from './helpers';

/** The colour of the PNG's top-left pixel, decoded by the browser. */
async function cornerPixel(page: Page, png: Buffer): Promise<number[]> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return Array.from(ctx.getImageData(1, 1, 1, 1).data.slice(0, 3));
  }, png.toString('base64'));
}

/** Fill of the background rectangle the export paints first. */
const backgroundFill = (svg: string) => svg.match(/<svg[^>]*>\s*<rect[^>]*fill="([^"]+)"/)?.[1];

test('in the dark theme, saved charts are light unless "as shown" is chosen', async ({ page }) => {
  const errors = watchErrors(page);
  await openLab(page);
  await page.getByLabel('Theme').selectOption('dark');
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await runToEnd(page);
  const fig = chart(page, 'Congestion window').locator('xpath=ancestor::figure');
  const choice = fig.getByLabel('Colours of saved charts');
  await expect(choice).toHaveValue('light');

  const [svgDl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save SVG' }).click());
  const svg = await downloadText(svgDl);
  expect(backgroundFill(svg)).toMatch(/^#fff(fff)?$/i);
  expect(svg).not.toContain('rgb(169, 179, 190)'); // the dark theme's muted ink (axis labels)
  expect(svg).toContain('rgb(85, 96, 109)'); // the light theme's muted ink
  const [pngDl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save PNG' }).click());
  expect(await cornerPixel(page, await downloadBytes(pngDl))).toEqual([255, 255, 255]);
  // The page itself stayed dark.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await choice.selectOption('shown');
  const [darkDl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save SVG' }).click());
  expect(backgroundFill(await downloadText(darkDl))).toMatch(/^#1a1f25$/i);
  errors.assertClean();
});
