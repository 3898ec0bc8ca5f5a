/**
 * Presets (with what the chosen one reproduces, under the selector), title and id, and the scenario
 * as a JSON file (download; upload validated by the simulator before it replaces anything — its
 * text is never inserted as HTML).
 */
import { useState } from 'react';
import { FilePicker } from '../controls/FilePicker';
import { SelectField } from '../controls/SelectField';
import { TextField } from '../controls/TextField';
import { downloadText } from '../lib/download';
import { PRESETS } from '../scenario/presets';
import { asScenario, type ScenarioJson } from '../scenario/types';
import { problemsAt, useBuilder } from './BuilderContext';
import { PresetAbout } from './PresetAbout';

const PRESET_IDS = new Set(PRESETS.map((p) => p.id));
/** The selector's entry for a loaded scenario that is not a preset (it loads nothing). */
const LOADED = '(loaded)';

function loadedName(s: ScenarioJson): string {
  return s.title?.trim() || s.id?.trim() || 'untitled';
}

export interface ScenarioFileProps {
  /** Loads a scenario into the builder (replacing the current one). */
  onLoad(s: ScenarioJson): void;
  /** The default scenario (first entry of the preset list). */
  fallback: ScenarioJson;
  validate(json: string): Promise<string[]>;
}

export function ScenarioFile({ onLoad, fallback, validate }: ScenarioFileProps) {
  const b = useBuilder();
  // The selector shows the loaded preset (when the scenario is one) until the user picks another;
  // loading a different preset (here or from the lab's start-here strip) moves it along.
  // A scenario that is neither a preset nor the default (opened from a link or a file, or renamed)
  // is named as what it is, never as "Default lab scenario" (its summary is not the default's).
  const loadedId = b.scenario.id;
  const loadedOther = !PRESET_IDS.has(loadedId) && loadedId !== fallback.id;
  const loadedPreset = PRESET_IDS.has(loadedId) ? loadedId : loadedOther ? LOADED : '';
  const [pick, setPick] = useState({ value: loadedPreset, forId: loadedId });
  const preset = pick.forId === loadedId ? pick.value : loadedPreset;
  const setPreset = (value: string) => setPick({ value, forId: loadedId });
  const chosen = preset === LOADED ? b.scenario : (PRESETS.find((x) => x.id === preset)?.scenario ?? fallback);
  const [upload, setUpload] = useState<{ name: string; problems: string[] } | null>(null);

  const loadPreset = () => {
    const p = PRESETS.find((x) => x.id === preset);
    onLoad(structuredClone(p ? p.scenario : fallback));
    setUpload(null);
  };

  const onFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      setUpload({ name: file.name, problems: ['the file could not be read'] });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      setUpload({ name: file.name, problems: [`(root): invalid JSON: ${(e as Error).message}`] });
      return;
    }
    const s = asScenario(value);
    if (!s) {
      setUpload({ name: file.name, problems: ['(root): not a scenario (it has no "flows" list)'] });
      return;
    }
    const problems = await validate(JSON.stringify(s));
    if (problems.length > 0) {
      setUpload({ name: file.name, problems });
      return;
    }
    setUpload(null);
    onLoad(s);
  };

  return (
    <div className="fields">
      <div className="inline-row">
        <SelectField
          label="Preset"
          value={preset}
          options={[
            ...(loadedOther
              ? [{ value: LOADED, label: `This scenario: ${loadedName(b.scenario)} (not a preset)` }]
              : []),
            { value: '', label: 'Default lab scenario' },
            ...PRESETS.map((p) => ({ value: p.id, label: p.title })),
          ]}
          onChange={setPreset}
          className="grow"
        />
        <button type="button" onClick={loadPreset} disabled={preset === LOADED}>
          Load preset
        </button>
      </div>
      <PresetAbout scenario={chosen} />
      <TextField
        label="Title"
        value={b.scenario.title ?? ''}
        onChange={(v) => b.set('title', v === '' ? undefined : v)}
        problems={problemsAt(b.problems, 'title')}
        path="title"
      />
      <TextField
        label="Scenario id"
        value={b.scenario.id ?? ''}
        onChange={(v) => b.set('id', v)}
        problems={problemsAt(b.problems, 'id')}
        path="id"
        hint="Names the run in CSV files"
      />
      <div className="button-row">
        <button
          type="button"
          onClick={() =>
            downloadText(
              `${b.scenario.id || 'scenario'}.json`,
              `${JSON.stringify(b.scenario, null, 2)}\n`,
              'application/json',
            )
          }
        >
          Download JSON
        </button>
        <FilePicker
          label="Upload JSON"
          accept="application/json,.json"
          inputLabel="Scenario file to upload"
          onFile={(f) => void onFile(f)}
        />
      </div>
      {upload && (
        <div role="alert" className="field-error upload-problems">
          <p>
            <strong>{upload.name}</strong> was not loaded:
          </p>
          <ul>
            {upload.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
