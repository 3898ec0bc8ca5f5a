/**
 * The class challenge's sweep on the page: the content file with its base put in; with the
 * reader's code, one more value `custom` after the built-in ones, so every built-in point keeps
 * its index and its scenario (the simulator's own plan says so); the built-in results kept for
 * the next try; and the scoreboard's words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { SweepModel } from '../sim/pageCore';
import { builtinResults, challengeFile, challengeSweepJson, columnWords, CUSTOM, ordinal } from './challenge';
import { parseLesson } from './lessonModel';

beforeAll(() => loadCoreForTests());

const CODE = 'class Classifier { on_loss() { return "wireless"; } }';

describe('the challenge sweep', () => {
  it('is the content file with its base scenario put in', () => {
    const file = challengeFile('classifier-challenge');
    if (typeof file === 'string') throw new Error(file);
    expect((file.base as { id: string }).id).toBe('challenge-classifier');
    expect(challengeFile('no-such-sweep')).toMatch(/no sweep "no-such-sweep"/);
    // A sweep without a scoreboard cannot be a challenge.
    expect(challengeFile('gb04-fig4-ber')).toMatch(/has no scoreboard/);
  });

  it('with code adds the reader’s points after every built-in one, which keep their index and scenario', () => {
    const file = challengeFile('classifier-challenge');
    if (typeof file === 'string') throw new Error(file);
    const plain = new SweepModel(challengeSweepJson(file, null));
    const mine = new SweepModel(challengeSweepJson(file, CODE));
    const n = plain.plan.points.length;
    expect(n).toBe(13 * 6);
    expect(mine.plan.points.length).toBe(14 * 6);
    expect(mine.csvHeader()).toBe(plain.csvHeader());
    for (let i = 0; i < n; i++) {
      expect(mine.plan.points[i].index).toBe(plain.plan.points[i].index);
      expect(mine.plan.points[i].values).toEqual(plain.plan.points[i].values);
      expect(mine.plan.points[i].rows).toEqual(plain.plan.points[i].rows);
    }
    expect(mine.plan.points.slice(n).every((p) => p.values[0] === CUSTOM)).toBe(true);
    // The reader's points carry the code; the file's base had none.
    expect(JSON.parse(challengeSweepJson(file, CODE)).base.code).toEqual({ classifier: CODE });
    expect(JSON.parse(challengeSweepJson(file, null)).base.code).toBeUndefined();

    // Kept results: the built-in points only, copied.
    const rows = (pos: number) => mine.plan.points[pos].rows.length * mine.plan.replications;
    const flat = (pos: number) => new Float64Array(rows(pos)).fill(pos);
    const kept = builtinResults(mine.plan, flat);
    expect([...kept.keys()]).toEqual(plain.plan.points.map((p) => p.index));
    expect(kept.get(5)![0]).toBe(5);

    // The scoreboard of made-up values: every point's values all equal to its position, so a
    // line's cells are the mean position of its six points and lines rank by them.
    const { csv, board } = mine.scoreboard(mine.plan.points.map((_, pos) => flat(pos)));
    expect(board.lines).toHaveLength(14);
    expect(board.lines[0].value).toBe(CUSTOM);
    expect(board.lines[0].cells[0]).toBe(n + 2.5);
    expect(csv.split('\n')[0]).toBe(
      'flows[0].tcp.classifier,score,judged.accuracy_congestion,judged.accuracy_wireless,judged.throughput_kbps,shared.jain_index',
    );
    expect(() => plain.scoreboard([])).toThrow(/78 points/);
    plain.free();
    mine.free();
  });
});

describe('the scoreboard’s words', () => {
  it('labels the columns by their metric and ranks in words', () => {
    expect(columnWords('judged.accuracy_wireless').label).toBe('Wireless losses called wireless');
    expect(columnWords('judged.accuracy_congestion').show(0.996)).toBe('100 %');
    expect(columnWords('shared.jain_index').show(0.8317)).toBe('0.83');
    expect(columnWords('something.else').label).toBe('something.else');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});

describe('a lesson’s challenge block', () => {
  const lesson = (block: string) => `---\n{"id":"x","title":"X"}\n---\n\nProse.\n\n\`\`\`challenge\n${block}\n\`\`\`\n`;

  it('is one part of the lesson, and needs an id and a sweep', () => {
    const l = parseLesson(lesson('{"id":"board","title":"The board","sweep":"classifier-challenge"}'));
    if (typeof l === 'string') throw new Error(l);
    expect(l.parts.map((p) => p.kind)).toEqual(['prose', 'challenge']);
    expect(parseLesson(lesson('{"id":"board"}'))).toBe('challenge block: id and sweep are required');
  });
});
