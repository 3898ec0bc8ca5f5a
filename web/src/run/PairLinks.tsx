/**
 * "Compare with …": for a preset that has a twin (content/pairs.json), a link that opens Compare with
 * the pair loaded (A and B as the content files have them, on the same seed).
 */
import { encodeScenario, formatHash } from '../session/route';
import { pairsOf } from '../scenario/pairs';

export function PairLinks({ presetId }: { presetId: string | undefined }) {
  const pairs = pairsOf(presetId);
  if (pairs.length === 0) return null;
  return (
    <p className="pair-links" data-testid="pair-links">
      {pairs.map((p) => {
        const other = p.a.id === presetId ? p.b : p.a;
        const hash = formatHash('compare', {
          a: encodeScenario(p.a.scenario),
          b: encodeScenario({ ...p.b.scenario, seed: p.a.scenario.seed }),
        });
        return (
          <a key={`${p.a.id}-${p.b.id}`} className="button small" href={hash} title={other.title}>
            {p.a.id === presetId
              ? `Compare with its twin (B: ${p.label})`
              : `Compare with its twin (this is B: ${p.label})`}
          </a>
        );
      })}
    </p>
  );
}
