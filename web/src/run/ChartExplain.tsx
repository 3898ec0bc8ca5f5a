/**
 * A small "What am I looking at?" disclosure under a run chart: the chart's explanation
 * (`chartExplanations.ts`) and a link to the lesson that covers it.
 */
import type { Panel } from '../session/panels';
import { CHART_EXPLANATIONS } from './chartExplanations';

export function ChartExplain({ panel }: { panel: Panel }) {
  const e = CHART_EXPLANATIONS[panel];
  return (
    <details className="chart-explain" data-explain={panel}>
      <summary>What am I looking at?</summary>
      {e.text.map((t) => (
        <p key={t}>{t}</p>
      ))}
      <p>
        Lesson: <a href={`#/learn/${e.lesson}`}>{e.lessonTitle}</a>
      </p>
    </details>
  );
}
