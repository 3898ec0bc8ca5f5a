/**
 * The charts of a run on a page (`usePageRun`): the run's error when it stopped on one, then the
 * linked charts (`RunCharts`) on the run's time axis and flows, with the zoom bar when asked. The
 * lab, the embed and a lesson figure show their run with it; everything `RunCharts` takes but the
 * run itself passes through (panels, height, file names, explanations, legends' flow names).
 */
import type { ReactNode, Ref } from 'react';
import { ChartSyncProvider } from '../charts/ChartSync';
import { ZoomBar } from '../charts/ZoomBar';
import { RunCharts, type RunChartsProps } from './RunCharts';
import type { PageRun } from './usePageRun';

export interface RunViewProps extends Omit<RunChartsProps, 'state' | 'flowIds' | 'stopS'> {
  run: PageRun;
  /** Said in bold before the error of a run that stopped ("The run stopped:"). */
  errorTitle?: string;
  /** A heading for the charts, between the error and them (an embed's, for screen readers). */
  heading?: ReactNode;
  /** The zoom bar above the charts: the lab's, or a compact one (an embed: buttons only). */
  zoom?: boolean | 'compact';
  /** A box around the charts, measured by the page (presentation mode sizes the charts to it). */
  chartsRef?: Ref<HTMLDivElement>;
}

export function RunView({ run, errorTitle, heading, zoom = false, chartsRef, ...charts }: RunViewProps) {
  const { state } = run;
  const drawn = <RunCharts state={state} flowIds={run.flowIds} stopS={run.axisS} {...charts} />;
  return (
    <>
      {state.status === 'error' && state.error && (
        <div role="alert" className="run-error">
          {errorTitle && <strong>{errorTitle}</strong>}
          <pre>{state.error}</pre>
        </div>
      )}
      {heading}
      <ChartSyncProvider>
        {zoom && <ZoomBar maxS={run.axisS} drawn={state.series !== null} compact={zoom === 'compact'} />}
        {chartsRef ? <div ref={chartsRef}>{drawn}</div> : drawn}
      </ChartSyncProvider>
    </>
  );
}
