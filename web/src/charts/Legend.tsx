/** Legend entries that double as highlight toggles (one per flow or entity). */
import './charts.css';
export interface LegendItem {
  id: string;
  label: string;
  color: string;
  dashed?: boolean;
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
  if (items.length === 0) return null;
  return (
    <ul className="legend" aria-label={label}>
      {items.map((it) => (
        <li key={it.id}>
          <button
            type="button"
            className={`legend-item${highlight !== null && highlight !== it.id ? ' dim' : ''}`}
            aria-pressed={highlight === it.id}
            data-legend-flow={it.id}
            onClick={() => onToggle(it.id)}
          >
            <svg width="22" height="10" aria-hidden="true">
              <line
                x1="1"
                y1="5"
                x2="21"
                y2="5"
                style={{ stroke: it.color }}
                strokeWidth="3"
                strokeDasharray={it.dashed ? '5 3' : undefined}
              />
            </svg>
            {it.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
