/**
 * The Papers view (`#/papers`): the four source papers, each with its reproductions (title, source,
 * and the verdict counts of the last complete run in this browser) and a line saying how many of
 * its figures and tables — the reference files of content/reference/<paper>/ — are reproduced
 * here, naming the others. `#/papers/<paper>/<figure>` opens one reproduction (`FigurePage`).
 */
import { FigurePage } from './FigurePage';
import { allPapers, findReproduction, type Paper } from './paperFiles';
import { storedResults } from './papersStore';
import { countsText, itemName } from './papersWords';
import '../builder/builder.css';
import '../run/run.css';
import './papers.css';
import { usePageTitle } from '../session/pageTitle';

export function PapersPage({ segments, params }: { segments: string[]; params: URLSearchParams }) {
  const file = segments.length >= 2 ? findReproduction(segments[0], segments[1]) : undefined;
  usePageTitle(file?.title, 'Papers');
  if (segments.length >= 2) {
    if (file) return <FigurePage file={file} params={params} />;
    return <PaperList notice={`There is no reproduction “${segments.slice(0, 2).join('/')}”; pick one below.`} />;
  }
  return <PaperList notice={null} />;
}

function PaperList({ notice }: { notice: string | null }) {
  const results = storedResults();
  return (
    <main className="papers">
      <section className="panel" aria-labelledby="papers-heading">
        <h2 id="papers-heading">Papers</h2>
        <p className="field-desc">
          LossLab re-runs the four source papers’ figures and tables and checks their claims by machine: pick one, press
          Run, and watch LossLab’s results fill in beside the paper’s numbers. The same files run on the command line
          with <code>losslab reproduce</code>.
        </p>
        {notice && (
          <p role="alert" className="notice">
            {notice}
          </p>
        )}
      </section>
      {allPapers().map((p) => (
        <PaperCard key={p.id} paper={p} results={results} />
      ))}
    </main>
  );
}

function PaperCard({ paper, results }: { paper: Paper; results: ReturnType<typeof storedResults> }) {
  const reproduced = paper.items.length - paper.missing.length;
  return (
    <section className="panel paper" aria-labelledby={`paper-${paper.id}`} data-paper={paper.id}>
      <h3 id={`paper-${paper.id}`}>{paper.name}</h3>
      {paper.citation && <p className="muted citation">{paper.citation}</p>}
      <p className="coverage" data-testid={`coverage-${paper.id}`}>
        <strong>
          {reproduced} of {paper.items.length} figures and tables reproduced here.
        </strong>
        {paper.missing.length > 0 && <> Not yet: {paper.missing.map((m) => itemName(m.id)).join(', ')}.</>}
      </p>
      {paper.reproductions.length === 0 ? (
        <p className="muted">No reproduction of this paper yet.</p>
      ) : (
        <ul className="reproductions">
          {paper.reproductions.map((r) => {
            const got = results[`${paper.id}/${r.id}`];
            return (
              <li key={r.id}>
                <a href={`#/papers/${paper.id}/${r.id}`}>
                  {itemName(r.id)}: {r.title}
                </a>
                <span className="muted"> · {r.source}</span>
                <div className="muted small" data-testid={`result-${paper.id}-${r.id}`}>
                  {got
                    ? `Run here with ${got.replications} replication${got.replications === 1 ? '' : 's'}: ${countsText(got.counts)}.`
                    : 'Not run in this browser yet.'}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
