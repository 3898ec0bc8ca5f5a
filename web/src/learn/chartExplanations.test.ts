/** Every "What am I looking at?" explanation links to a lesson that exists, under its own title. */
import { describe, expect, it } from 'vitest';
import { CHART_EXPLANATIONS } from '../run/chartExplanations';
import { lessonById } from './lessonModel';

describe('chart explanations', () => {
  it('link to existing lessons with the start of their titles', () => {
    for (const [panel, e] of Object.entries(CHART_EXPLANATIONS)) {
      const l = lessonById(e.lesson);
      expect(l, `${panel} → ${e.lesson}`).toBeDefined();
      expect(l!.meta.title.startsWith(e.lessonTitle), `${panel}: “${e.lessonTitle}”`).toBe(true);
      expect(e.text.length).toBeGreaterThanOrEqual(2);
    }
  });
});
