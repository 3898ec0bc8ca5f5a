// Regenerates the scaling part of docs/performance.md: runs `losslab bench --scaling
// --json` (release build), writes the two plots docs/performance-flows.svg and
// docs/performance-rate.svg, and replaces the table between the `scaling:begin`/`scaling:end`
// markers of docs/performance.md. Measured, never asserted: not part of `npm test`.
//
//   node web/scripts/performance-doc.mjs [--from file.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from './setup.mjs';

const from = process.argv.indexOf('--from');
let rows;
if (from > 0) {
  rows = JSON.parse(readFileSync(process.argv[from + 1], 'utf8'));
} else {
  const r = spawnSync(
    'cargo',
    ['run', '--release', '-q', '-p', 'sim-core', '--bin', 'losslab', '--', 'bench', '--scaling', '--json'],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
  rows = JSON.parse(r.stdout);
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A log-x line chart of ns per packet and ms per simulated second (two series, own y scales). */
function plot(points, xLabel, title) {
  const W = 560,
    H = 300,
    L = 60,
    R = 60,
    T = 30,
    B = 45;
  const xs = points.map((p) => Math.log10(p.x));
  const x0 = Math.min(...xs),
    x1 = Math.max(...xs);
  const X = (x) => L + ((Math.log10(x) - x0) / (x1 - x0 || 1)) * (W - L - R);
  const series = [
    { key: 'ns', label: 'ns per packet (left)', color: '#1f77b4' },
    { key: 'ms', label: 'wall ms per simulated s (right)', color: '#d62728' },
  ];
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">\n`;
  svg += `<title>${esc(title)}</title><rect width="${W}" height="${H}" fill="white"/>\n`;
  svg += `<text x="${W / 2}" y="16" text-anchor="middle" font-size="13">${esc(title)}</text>\n`;
  svg += `<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="black"/>\n`;
  for (const p of points) {
    svg += `<text x="${X(p.x)}" y="${H - B + 14}" text-anchor="middle">${esc(p.label)}</text>\n`;
  }
  svg += `<text x="${W / 2}" y="${H - 8}" text-anchor="middle">${esc(xLabel)}</text>\n`;
  series.forEach((s, k) => {
    const vals = points.map((p) => p[s.key]);
    const top = Math.max(...vals) * 1.1 || 1;
    const Y = (v) => H - B - (v / top) * (H - B - T);
    const axisX = k === 0 ? L : W - R;
    svg += `<line x1="${axisX}" y1="${T}" x2="${axisX}" y2="${H - B}" stroke="${s.color}"/>\n`;
    for (const f of [0, 0.5, 1]) {
      const v = top * f;
      svg += `<text x="${axisX + (k === 0 ? -4 : 4)}" y="${Y(v) + 4}" text-anchor="${k === 0 ? 'end' : 'start'}" fill="${s.color}">${Math.round(v)}</text>\n`;
    }
    svg += `<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${points.map((p) => `${X(p.x).toFixed(1)},${Y(p[s.key]).toFixed(1)}`).join(' ')}"/>\n`;
    svg += `<text x="${L + 10}" y="${T + 14 + 14 * k}" fill="${s.color}">${esc(s.label)}</text>\n`;
  });
  return svg + '</svg>\n';
}

const pts = (axis, x, label) =>
  rows
    .filter((r) => r.axis === axis)
    .map((r) => ({ x: x(r), label: label(r), ns: r.ns_per_packet, ms: r.wall_ms_per_sim_s }));
const rate = (b) => (b >= 1e9 ? `${b / 1e9} Gbit/s` : `${b / 1e6} Mbit/s`);
writeFileSync(
  join(repoRoot, 'docs', 'performance-flows.svg'),
  plot(
    pts(
      'flows',
      (r) => r.flows,
      (r) => r.flows,
    ),
    'bulk NewReno flows (100 Mbit/s bottleneck)',
    'Cost vs number of flows',
  ),
);
writeFileSync(
  join(repoRoot, 'docs', 'performance-rate.svg'),
  plot(
    pts(
      'rate',
      (r) => r.rate_bps,
      (r) => rate(r.rate_bps),
    ),
    'bottleneck rate (10 flows)',
    'Cost vs link rate',
  ),
);

let table =
  '| axis | flows | bottleneck | simulated s | events | packets | wall ms | events/s | wall ms per simulated s | ns per packet |\n';
table += '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n';
for (const r of rows) {
  table += `| ${r.axis} | ${r.flows} | ${rate(r.rate_bps)} | ${r.simulated_s.toFixed(2)} | ${r.events} | ${r.packets} | ${r.wall_ms.toFixed(1)} | ${Math.round(r.events_per_s)} | ${r.wall_ms_per_sim_s.toFixed(1)} | ${Math.round(r.ns_per_packet)} |\n`;
}
const doc = join(repoRoot, 'docs', 'performance.md');
const text = readFileSync(doc, 'utf8');
const re = /(<!-- scaling:begin -->\n)[\s\S]*?(<!-- scaling:end -->)/;
if (!re.test(text)) throw new Error('docs/performance.md has no scaling:begin/end markers');
writeFileSync(doc, text.replace(re, `$1${table}$2`));
console.log(table);
