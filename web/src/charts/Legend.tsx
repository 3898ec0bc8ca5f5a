/**
 * Legend entries that double as highlight toggles (one per flow or entity). Entries that are only
 * a flow's id get its description from {@link FlowNames} ("f1 · TCP NewReno + Checksum
 * notification"); above a threshold the connections of a flow row share one entry with their
 * count ("ld × 500 · …", `legendGroups.ts`), which highlights nothing by itself.
 */
import { useContext, useMemo } from 'react';
import { FlowNames } from './flowNames';
import { legendEntries } from './legendGroups';
import { LineSwatch } from './LineSwatch';
import './charts.css';

export interface LegendItem {
  id: string;
  label: string;
  color: string;
  dashed?: boolean;
}

function Swatch({ color, dashed }: { color: string; dashed?: boolean }) {
  return <LineSwatch color={color} dash={dashed ? '5 3' : undefined} />;
}

export function Legend({
  items,
  highlight,
  onToggle,
  label,
}: {
  items: readonly LegendItem[];
  highlight: string | null;
  onToggle(id: string): void;
  label: string;
}) {
  const names = useContext(FlowNames);
  const entries = useMemo(() => legendEntries(items, names), [items, names]);
  if (entries.length === 0) return null;
  return (
    <ul className="legend" aria-label={label}>
      {entries.map((it) =>
        it.members && it.count > 1 ? (
          <li
            key={`row:${it.id}`}
            className="legend-item legend-group"
            data-legend-row={it.id}
            data-count={it.count}
            title={`${it.count} connections: ${it.members[0]} … ${it.members[it.members.length - 1]}`}
          >
            <Swatch color={it.color} dashed={it.dashed} />
            {it.label}
          </li>
        ) : (
          <li key={it.members?.[0] ?? it.id}>
            <button
              type="button"
              className={`legend-item${highlight !== null && highlight !== (it.members?.[0] ?? it.id) ? ' dim' : ''}`}
              aria-pressed={highlight === (it.members?.[0] ?? it.id)}
              data-legend-flow={it.members?.[0] ?? it.id}
              onClick={() => onToggle(it.members?.[0] ?? it.id)}
            >
              <Swatch color={it.color} dashed={it.dashed} />
              {it.label}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
