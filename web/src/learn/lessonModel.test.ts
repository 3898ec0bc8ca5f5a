/** The bundled lessons split into parts the page can render: every figure's preset exists and its
 *  starting scenario is built; every prediction refers to a figure of its lesson. */
import { describe, expect, it } from 'vitest';
import { LESSONS, parseLesson } from './lessonModel';
import { figureScenario, valueText } from './figureScenario';

describe('lessons', () => {
  it('are bundled and each has figures, predictions and teacher notes', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(3);
    for (const l of LESSONS) {
      const figures = l.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure] : []));
      expect(figures.length, l.meta.id).toBeGreaterThan(0);
      for (const f of figures) {
        const s = figureScenario(
          f,
          (f.controls ?? []).map((c) => c.value),
        );
        expect(s, `${l.meta.id}/${f.id}`).not.toBeNull();
        // Names for the legends name flows the scenario has (a row of `count` > 1 expands to row.0, row.1, …),
        // at the starting values or at any value of one control (a control may set a row's `count`).
        const start = (f.controls ?? []).map((c) => c.value);
        const settings = [
          start,
          ...(f.controls ?? []).flatMap((c, i) => (c.values ?? []).map((v) => start.map((x, j) => (j === i ? v : x)))),
        ];
        const ids = settings.flatMap((values) =>
          (
            (figureScenario(f, values) as unknown as { flows?: { id: string; count?: number }[] } | null)?.flows ?? []
          ).flatMap((fl) =>
            (fl.count ?? 1) > 1 ? Array.from({ length: fl.count ?? 1 }, (_, i) => `${fl.id}.${i}`) : [fl.id],
          ),
        );
        for (const id of Object.keys(f.flow_names ?? {})) expect(ids, `${l.meta.id}/${f.id} flow_names`).toContain(id);
      }
      const predicts = l.parts.flatMap((p) => (p.kind === 'predict' ? [p] : []));
      expect(predicts.length, l.meta.id).toBeGreaterThan(0);
      for (const p of predicts) expect(figures.map((f) => f.id)).toContain(p.figure);
      expect(l.teacherNotes, l.meta.id).toMatch(/Assignment/);
    }
  });

  it('apply `set` and control values by path', () => {
    const l = parseLesson(
      '---\n{"id":"x","title":"X"}\n---\nText.\n\n```figure\n{"id":"f","title":"F","scenario":"gb04-s1-1mbps-10ms","set":{"stop.time_s":5},"controls":[{"path":"topology.bottleneck.errors.ber","label":"BER","values":[0,1e-5],"value":0}]}\n```\n\n## Teacher notes\nNotes.\n',
    );
    if (typeof l === 'string') throw new Error(l);
    expect(l.parts.map((p) => p.kind)).toEqual(['prose', 'figure']);
    expect(l.teacherNotes.trim()).toBe('Notes.');
    const f = l.parts[1];
    if (f.kind !== 'figure') throw new Error('no figure');
    const s = figureScenario(f.figure, [1e-5]) as unknown as {
      stop: { time_s: number };
      topology: { bottleneck: { errors: { ber: number } } };
    };
    expect(s.stop.time_s).toBe(5);
    expect(s.topology.bottleneck.errors.ber).toBe(1e-5);
    expect(valueText({ path: 'p', label: 'L', unit: 'packets', value: 5 }, 5)).toBe('5 packets');
    expect(valueText({ path: 'p', label: 'L', value: 0 }, 4.274e-6)).toBe('4.27e-6');
  });
});
