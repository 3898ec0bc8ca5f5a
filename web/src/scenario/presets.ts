/**
 * The scenarios of content/scenarios/, bundled at build time (Vite `import.meta.glob`), as presets
 * for the builder.
 */
import { asScenario, type ScenarioJson } from './types';

const modules = import.meta.glob('../../../content/scenarios/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;

export interface Preset {
  id: string;
  title: string;
  scenario: ScenarioJson;
}

export const PRESETS: readonly Preset[] = Object.entries(modules)
  .map(([file, value]) => {
    const s = asScenario(value);
    if (!s) return null;
    const id = s.id || file.replace(/^.*\/|\.json$/g, '');
    return { id, title: s.title || id, scenario: s };
  })
  .filter((p): p is Preset => p !== null)
  .sort((a, b) => a.id.localeCompare(b.id));
