/**
 * A note beside a run in which two TCP variants share a link that the crosscheck found LossLab
 * shares differently from ns-3 (`scenario/sharingNotes.ts`, docs/fidelity.md): one sentence with
 * the count of set-ups that agree and differ, and, folded, each set-up that differs with both
 * simulators' shares and the reason, where it is known. Nothing when no such pair shares the link.
 */
import { useMemo } from 'react';
import './run.css';
import type { ScenarioJson } from '../scenario/types';
import { SHARING_TOLERANCE, sharingNotes, variantsSharingLink } from '../scenario/sharingNotes';

const share = (x: number) => x.toFixed(2);

export function SharingNote({ scenario, label }: { scenario: ScenarioJson | null; label?: string }) {
  const notes = useMemo(() => sharingNotes(variantsSharingLink(scenario)), [scenario]);
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((n) => {
        const [a, b] = n.names;
        const differ = n.departs.length;
        return (
          <aside className="sharing-note" key={n.variants.join(' ')} data-testid="sharing-note">
            <p>
              {label ? `${label}: ` : ''}
              {a} and {b} share the link. Checked against ns-3 in {n.checked} set-ups, LossLab splits the link between
              them as ns-3 does (within {SHARING_TOLERANCE} of its throughput) in {n.agree} and differently in {differ}.
            </p>
            <details>
              <summary>Where it differs, and why</summary>
              <ul>
                {n.departs.map((d) => (
                  <li key={d.setup}>
                    <strong>{d.setup}:</strong> {b}’s share of the two variants’ throughput is {share(d.losslab)} in
                    LossLab and {share(d.ns3)} in ns-3. {d.note}
                    {d.withNs3Settings !== undefined && n.ns3Knobs && (
                      <>
                        {' '}
                        With {n.ns3Knobs.variant} set as ns-3.44 runs it, the share is {share(d.withNs3Settings)}.
                      </>
                    )}
                  </li>
                ))}
              </ul>
              {n.ns3Knobs && n.departs.some((d) => d.withNs3Settings !== undefined) && (
                <p className="muted">
                  To run {n.ns3Knobs.variant} as ns-3.44 does, set its advanced settings (tcp.cc_params) to{' '}
                  <code>{n.ns3Knobs.knobs}</code>.
                </p>
              )}
            </details>
          </aside>
        );
      })}
    </>
  );
}
