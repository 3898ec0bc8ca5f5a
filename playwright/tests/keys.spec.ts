/**
 * Global keys: outside presentation mode, Space runs and pauses, → steps, R resets, and
 * `?` lists them; keys typed in a field stay in the field.
 */
import { expect, test } from '@playwright/test';
import { openLab, watchErrors } from './helpers';

test('Space, → and R drive the lab without presenting; ? lists them', async ({ page }) => {
  const errors = watchErrors(page);
  await openLab(page);
  const status = page.getByTestId('run-status');
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveAttribute('data-status', 'paused');
  await page.keyboard.press('Space');
  await expect(status).toHaveAttribute('data-status', /running|done/);
  await page.keyboard.press('r');
  await expect(status).toHaveAttribute('data-status', 'idle');

  // A key typed in a field is text, not a command.
  const field = page.locator('#builder-panel input').first();
  await field.focus();
  await page.keyboard.press('r');
  await page.keyboard.press('?');
  await expect(status).toHaveAttribute('data-status', 'idle');
  await expect(page.getByRole('dialog', { name: 'Keyboard keys' })).toBeHidden();

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard keys' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Space');
  await expect(help).toContainText('Run / pause the simulation');
  await expect(help).toContainText('Reset the simulation');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  errors.assertClean();
});
