/**
 * What a preset is, under the preset selector: its plain-language summary (which paper and figure,
 * the set-up, the assumptions that matter — the preset file's `summary`) and, behind "Technical
 * notes", the file's `description` with the assumptions a researcher checks (docs/design.md tags and all).
 */
import type { ScenarioJson } from '../scenario/types';

export function PresetAbout({ scenario }: { scenario: ScenarioJson }) {
  const summary = scenario.summary?.trim();
  const notes = scenario.description?.trim();
  if (!summary && !notes) return null;
  return (
    <div className="preset-about" data-testid="preset-about">
      {summary && (
        <p className="preset-summary" data-testid="preset-summary">
          {summary}
        </p>
      )}
      {notes && (
        <details className="preset-notes">
          <summary>Technical notes</summary>
          <p>{notes}</p>
        </details>
      )}
    </div>
  );
}
