/** The results table's model: cells from rows × columns, their problems named by path, the sweep
 *  they read, prose links to cells, and the runs a figure keeps. */
import { describe, expect, it } from 'vitest';
import type { SeriesStore } from '../sim/series';
import {
  cellPoint,
  cellRowName,
  cellSettingRan,
  parseCellHref,
  quotedNumber,
  tableCells,
  tableSweepJson,
} from './figureTable';
import { sameJson } from './sameJson';
import { keepRun, MAX_KEPT, settingName, type KeptRun } from './keptRuns';
import { lessonById, parseLesson, type FigureControl, type FigureSpec } from './lessonModel';

const FIG: FigureSpec = {
  id: 'buf',
  title: 't',
  scenario: 'gb04-s1-1mbps-10ms',
  controls: [
    {
      path: 'topology.bottleneck.queue.limit_pkts',
      label: 'Router buffer',
      unit: 'packets',
      values: [5, 10],
      value: 10,
    },
    {
      path: 'flows[0].tcp.cc',
      label: 'TCP',
      values: ['newreno', 'reno'],
      value_labels: ['NewReno: the usual', 'Reno'],
      value: 'newreno',
    },
  ],
  metrics: ['completion_s', 'timeouts'],
  table: {
    rows: [
      { id: 'small', label: '5 packets', at: { 'topology.bottleneck.queue.limit_pkts': 5 } },
      { id: 'big', label: '10 packets', at: { 'topology.bottleneck.queue.limit_pkts': 10 } },
    ],
    columns: [
      { id: 'done', label: 'Finish (s)', metric: 'completion_s', at: { 'flows[0].tcp.cc': 'newreno' }, digits: 1 },
      { id: 'rto', label: 'Timeouts', metric: 'timeouts', flow: 'sum', at: { 'flows[0].tcp.cc': 'reno' }, digits: 0 },
    ],
  },
};

describe('figure table', () => {
  it('merges a row and a column into a cell fixing every control', () => {
    const { cells, problems } = tableCells(FIG);
    expect(problems).toEqual([]);
    expect(cells.map((c) => c.key)).toEqual(['small/done', 'small/rto', 'big/done', 'big/rto']);
    expect(cells[1]).toMatchObject({
      at: { 'topology.bottleneck.queue.limit_pkts': 5, 'flows[0].tcp.cc': 'reno' },
      metric: 'timeouts',
      flow: 'sum',
      digits: 0,
    });
    expect(cellRowName(cells[1])).toBe('sum.timeouts');
    expect(cellRowName(cells[0])).toBe('completion_s');
  });

  it('names the path and the allowed values of every mistake', () => {
    const bad: FigureSpec = {
      ...FIG,
      table: {
        rows: [{ id: 'r', label: 'R', at: { 'topology.bottleneck.queue.limit_pkts': 7, nope: 1 } }],
        columns: [{ id: 'c', label: 'C', metric: 'goodput_kbps', colour: 'red' } as never],
      },
    };
    const { problems } = tableCells(bad);
    expect(problems).toContain(
      'figure "buf": table.rows[0].at.topology.bottleneck.queue.limit_pkts: 7 is not one of the control\'s values (5, 10)',
    );
    expect(problems).toContain(
      'figure "buf": table.rows[0].at: "nope" is no control of the figure (controls: topology.bottleneck.queue.limit_pkts, flows[0].tcp.cc)',
    );
    expect(problems).toContain(
      'figure "buf": table.columns[0].metric: "goodput_kbps" is not one of the figure\'s `metrics` (completion_s, timeouts)',
    );
    expect(problems).toContain(
      'figure "buf": table.columns[0]: unknown field `colour` (allowed: id, label, at, metric, flow, digits)',
    );
  });

  it('wants every control fixed and exactly one metric per cell', () => {
    const { problems } = tableCells({
      ...FIG,
      table: {
        rows: [{ id: 'r', label: 'R', metric: 'timeouts' }],
        columns: [{ id: 'c', label: 'C', metric: 'completion_s' }],
      },
    });
    expect(problems).toEqual([
      'figure "buf": table cell r/c: its row and column together must fix every control; missing: topology.bottleneck.queue.limit_pkts, flows[0].tcp.cc',
      'figure "buf": table cell r/c: exactly one of its row and column names a `metric`',
    ]);
  });

  it('reads the sweep the check runs: every control over its values, the figure replications', () => {
    const doc = JSON.parse(tableSweepJson({ ...FIG, replications: 3 }, { seed: 1 } as never));
    expect(doc.vary).toEqual([
      { path: 'topology.bottleneck.queue.limit_pkts', values: [5, 10] },
      { path: 'flows[0].tcp.cc', values: ['newreno', 'reno'] },
    ]);
    expect(doc.replications).toBe(3);
    expect(doc.metrics).toEqual(['completion_s', 'timeouts']);
    const cell = tableCells(FIG).cells[3];
    const points = [
      { index: 0, choice: [0, 0], values: [5, 'newreno'], rows: [] },
      { index: 1, choice: [1, 1], values: [10, 'reno'], rows: [] },
    ];
    expect(
      cellPoint(
        cell,
        doc.vary.map((v: { path: string }) => v.path),
        points,
      ),
    ).toBe(1);
  });

  it('matches a control whose values are objects by content, whatever the key order', () => {
    const base = { cc: 'new_reno', mss_bytes: 256 };
    const sack = { cc: 'new_reno', mss_bytes: 256, sack: true };
    const fig: FigureSpec = {
      ...FIG,
      controls: [FIG.controls![0], { path: 'flows[0].tcp', label: 'TCP option', values: [base, sack], value: base }],
      table: {
        rows: [{ id: 'small', label: '5 packets', at: { 'topology.bottleneck.queue.limit_pkts': 5 } }],
        // A copy of the control's value, written with its keys in another order.
        columns: [
          {
            id: 'sack',
            label: 'SACK',
            metric: 'timeouts',
            at: { 'flows[0].tcp': { sack: true, mss_bytes: 256, cc: 'new_reno' } },
          },
        ],
      },
    };
    const { cells, problems } = tableCells(fig);
    expect(problems).toEqual([]);
    const points = [
      { index: 0, choice: [0, 0], values: [5, { ...base }], rows: [] },
      { index: 1, choice: [0, 1], values: [5, { ...sack }], rows: [] },
    ];
    expect(cellPoint(cells[0], ['topology.bottleneck.queue.limit_pkts', 'flows[0].tcp'], points)).toBe(1);
    expect(cellSettingRan(cells[0], fig.controls!, [5, { ...sack }])).toBe(true);
    expect(cellSettingRan(cells[0], fig.controls!, [5, { ...base }])).toBe(false);
    expect(sameJson([1, { a: 2 }], [1, { a: 2, b: 3 }])).toBe(false);
  });

  it('links prose numbers to cells, and a lesson naming a missing cell is rejected', () => {
    expect(parseCellHref('#cell:ld/ld-5/completion')).toEqual({ figure: 'ld', cell: 'ld-5/completion' });
    expect(parseCellHref('#/learn/x')).toBeNull();
    expect(quotedNumber('about 13 s')).toEqual({ value: 13, decimals: 0 });
    expect(quotedNumber('0.93')).toEqual({ value: 0.93, decimals: 2 });
    const front = JSON.stringify({
      id: 'x',
      title: 'X',
      level: 'introductory',
      minutes: 5,
      prerequisites: [],
      objectives: ['o'],
      paper: null,
    });
    const lesson = (link: string) =>
      `---\n${front}\n---\nIt takes [about 13 s](${link}).\n\n\`\`\`figure\n${JSON.stringify(FIG)}\n\`\`\`\n`;
    expect(typeof parseLesson(lesson('#cell:buf/small/done'))).toBe('object');
    expect(parseLesson(lesson('#cell:buf/small/nope'))).toBe(
      'link #cell:buf/small/nope: no cell "small/nope" (cells: small/done, small/rto, big/done, big/rto)',
    );
    expect(parseLesson(lesson('#cell:other/small/done'))).toBe(
      'link #cell:other/small/done: figure "other" has no `table`',
    );
  });

  it('matches object-valued controls (drop lists, TCP variants) by value', () => {
    const lists = [
      { kind: 'drop_list', packets: [200] },
      { kind: 'drop_list', packets: [200, 204] },
    ];
    const fig: FigureSpec = {
      ...FIG,
      controls: [{ path: 'topology.bottleneck.errors', label: 'Packets lost', values: lists, value: lists[0] }],
      table: {
        rows: [
          {
            id: 'two',
            label: 'Two lost',
            at: { 'topology.bottleneck.errors': { packets: [200, 204], kind: 'drop_list' } },
          },
        ],
        columns: [{ id: 'done', label: 'Finish (s)', metric: 'completion_s' }],
      },
    };
    const { cells, problems } = tableCells(fig);
    expect(problems).toEqual([]);
    expect(cellSettingRan(cells[0], fig.controls!, [{ kind: 'drop_list', packets: [200, 204] }])).toBe(true);
    expect(cellSettingRan(cells[0], fig.controls!, [lists[0]])).toBe(false);
    const points = lists.map((v, i) => ({ values: [v], index: i }));
    expect(cellPoint(cells[0], ['topology.bottleneck.errors'], points as never)).toBe(1);
  });

  it('the bundled lessons quote table cells', () => {
    const fig = lessonById('loss-as-congestion')!.parts.find((p) => p.kind === 'figure' && p.figure.id === 'ld');
    expect(fig?.kind === 'figure' && tableCells(fig.figure).cells.length).toBe(8);
  });
});

describe('kept runs', () => {
  const run = (name: string, serial: number): KeptRun => ({
    name,
    values: [],
    store: null as unknown as SeriesStore,
    flowIds: [],
    serial,
  });

  it('are named by their setting in words', () => {
    expect(settingName(FIG.controls!, [5, 'newreno'])).toBe('router buffer 5 packets · NewReno');
  });

  it('name a run of an object-valued control by its value label, not "[object Object]"', () => {
    const tcp: FigureControl = {
      path: 'flows[0].tcp',
      label: 'TCP option',
      values: [{ cc: 'new_reno' }, { cc: 'new_reno', sack: true }],
      value_labels: ['Baseline', 'SACK on'],
      value: { cc: 'new_reno' },
    };
    // The run reports a copy of the value (from the worker), keys in any order.
    expect(settingName([tcp], [{ sack: true, cc: 'new_reno' }])).toBe('SACK on');
  });

  it('keeps up to four, a setting run again replacing its earlier run', () => {
    let kept: KeptRun[] = [];
    kept = keepRun(kept, run('a', 1));
    kept = keepRun(kept, run('b', 2));
    kept = keepRun(kept, run('a', 3));
    expect(kept.map((k) => [k.name, k.serial])).toEqual([
      ['b', 2],
      ['a', 3],
    ]);
    for (let i = 4; i < 10; i++) kept = keepRun(kept, run(`r${i}`, i));
    expect(kept).toHaveLength(MAX_KEPT);
    expect(kept.map((k) => k.name)).toEqual(['r6', 'r7', 'r8', 'r9']);
  });
});
