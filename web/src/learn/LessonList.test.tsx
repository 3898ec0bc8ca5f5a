// @vitest-environment jsdom
/**
 * The lesson list (`#/learn`): one card per lesson file of content/lessons/ (teacher notes and
 * FORMAT.md are not lessons), each with its title as a link, its level, time and objectives and
 * the reader's progress. A data check, so it needs no browser (it was a Playwright story).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LessonList } from './LessonList';
import { LEARN_KEY } from './progress';

afterEach(cleanup);
beforeEach(() => localStorage.removeItem(LEARN_KEY));

const lessonFiles = readdirSync('content/lessons').filter(
  (f) => f.endsWith('.md') && f !== 'FORMAT.md' && !f.endsWith('.teacher.md'),
);

describe('LessonList', () => {
  it('shows every lesson with level, time and objectives', () => {
    const { container } = render(<LessonList />);
    const cards = container.querySelectorAll('.lesson-card');
    expect(lessonFiles.length).toBeGreaterThan(0);
    expect(cards).toHaveLength(lessonFiles.length);
    expect([...cards].map((c) => `${c.getAttribute('data-lesson')}.md`).sort()).toEqual([...lessonFiles].sort());
    for (const title of [
      'Slow start and AIMD: how TCP finds the speed of a link',
      'From bit error rate to packet error rate: the packet-size trade-off',
      'Why TCP reads every loss as congestion, and what a checksum can tell it',
      'Throughput against loss: the square-root law, and where timeouts break it',
    ])
      expect(screen.getByRole('link', { name: title }).getAttribute('href')).toMatch(/^#\/learn\/[a-z0-9-]+$/);
    for (const card of cards) {
      expect(card.querySelector('.lesson-level')?.textContent).toMatch(/^(introductory|intermediate|advanced)$/);
      expect(card.textContent).toMatch(/\d+ min/);
      expect(card.textContent).toContain('You will:');
      expect(card.querySelectorAll('.lesson-objectives li').length).toBeGreaterThan(0);
      expect(card.querySelector('[data-testid="lesson-progress"]')?.textContent).toContain('not started');
    }
  });
});
