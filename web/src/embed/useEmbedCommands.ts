/**
 * The embed view's side of the two-way protocol (session/embedProtocol.ts, docs/embedding.md):
 * applies the commands of the page that embeds it to the page's run — the listening, the origin
 * checks and the subscriptions are `session/useEmbedChannel.ts` — and posts each finished run as
 * an xAPI statement (session/xapi.ts).
 *
 * The embed of one scenario has one configuration; the embed of a pair (`#/embed?s=…&b=…`) has A
 * and B, run together as Compare runs them (`run/runPair.ts`).
 *
 * Scenario changes go through the simulator: a path is read and applied by its own rules
 * (`setScenarioPath`, the CLI's `--set`), and the changed scenario is kept only when its validator
 * finds no problem, so a course page can never leave the embed with a scenario it cannot run.
 */
import { useEffect, useRef } from 'react';
import { pairStatus, runPair } from '../run/runPair';
import type { PageRun } from '../run/usePageRun';
import { decodeScenario, encodeScenario, formatHash, pageUrl } from '../session/route';
import { isFigureState, okReply, PROTOCOL, type EmbedState, type Reply, type Side } from '../session/embedProtocol';
import { useEmbedChannel, type ApplyCommand } from '../session/useEmbedChannel';
import { runStatement } from '../session/xapi';
import { setScenarioPath } from '../sim/pageCore';
import { sampleMsOf } from '../sim/protocol';
import type { ScenarioJson } from '../scenario/types';

/** One configuration the embed runs: its run and its scenario (a pair has two: A, then B). */
export interface EmbedSide {
  run: PageRun;
  scenario: ScenarioJson | null;
  setScenario(s: ScenarioJson): void;
}

type Target = readonly [EmbedSide] | readonly [EmbedSide, EmbedSide];

/**
 * Listens for commands while mounted. `origins`: the embed address's `origins=` value; without
 * one no command is taken (the one-way messages still go to any embedding page). `target`: the
 * embed's configuration, or a pair's A and B.
 */
export function useEmbedCommands(origins: string | null, target: Target): void {
  // The latest page state, for commands that arrive between renders.
  const latest = useRef(target);
  latest.current = target;
  const emit = useEmbedChannel(origins, RUN_EVENTS, (c) => apply(c, latest.current));

  // Finished runs, as statements, to subscribed pages (a pair's sides each as their own run).
  const controllers = target.map((t) => t.run.controller);
  const [first, second] = controllers;
  useEffect(() => {
    const stops = [first, second].map((controller, i) => {
      if (!controller) return () => {};
      let sent: unknown = null;
      return controller.subscribe(() => {
        const s = controller.getSnapshot();
        if (s.status !== 'done' || !s.summary || s.summary === sent) return;
        sent = s.summary;
        const scenario = s.scenarioJson
          ? (JSON.parse(s.scenarioJson) as ScenarioJson)
          : (latest.current[i]?.scenario ?? null);
        const title = scenario?.title || scenario?.id || 'LossLab run';
        emit(
          runStatement(s.summary, {
            activityId: pageUrl(formatHash('embed', { s: encodeScenario(scenario) })),
            base: pageUrl(''),
            name: second ? `${i === 0 ? 'A' : 'B'}: ${title}` : title,
            now: new Date(),
          }),
        );
      });
    });
    return () => stops.forEach((stop) => stop());
  }, [first, second, emit]);
}

/** The embed of a scenario or a pair posts finished runs only. */
const RUN_EVENTS = ['run'] as const;

/** The sides a `set` changes: the one it names, or all (a single embed has only A). */
function sidesOf(t: Target, side: Side | undefined): EmbedSide[] {
  if (side === undefined) return [...t];
  if (side === 'b' && t.length === 1)
    throw new Error('"side": "b" names configuration B of a pair; this embed runs one scenario');
  return [t[side === 'a' ? 0 : 1]!];
}

/** Applies one command; resolves with its reply, rejects with a plain-language problem. */
async function apply(c: Parameters<ApplyCommand>[0], t: Target): Promise<Reply> {
  const runs = t.map((side) => side.run);
  const pair = t.length === 2 ? runPair(t[0].run, t[1].run) : null;
  const name = (i: number) => (pair ? `configuration ${i === 0 ? 'A' : 'B'}: ` : '');
  switch (c.command) {
    case 'set': {
      // Every side changed is checked first; none changes unless all are valid.
      const changed: [EmbedSide, ScenarioJson][] = [];
      for (const side of sidesOf(t, c.side)) {
        const i = t.indexOf(side);
        if (!side.scenario) throw new Error(`${name(i)}there is no scenario to change`);
        let json: string;
        try {
          json = setScenarioPath(JSON.stringify(side.scenario), c.path, c.value);
        } catch (err) {
          throw new Error(`set ${c.path}: ${name(i)}${err instanceof Error ? err.message : String(err)}`);
        }
        const problems = await side.run.controller.validate(json);
        if (problems.length > 0)
          throw new Error(`set ${c.path}: ${name(i)}the scenario would not be valid: ${problems.join('; ')}`);
        changed.push([side, JSON.parse(json) as ScenarioJson]);
      }
      for (const [side, scenario] of changed) side.setScenario(scenario);
      return okReply(c.id);
    }
    case 'run': {
      const bad = runs.findIndex((r) => !r.valid);
      if (bad >= 0)
        throw new Error(
          `${name(bad)}the scenario cannot run: ` + (runs[bad].validation.problems.join('; ') || 'not checked yet'),
        );
      if (pair) pair.play();
      else runs[0].play();
      return okReply(c.id);
    }
    case 'pause':
      runs.forEach((r) => r.controller.pause());
      return okReply(c.id);
    case 'step': {
      if (runs.some((r) => !r.valid)) throw new Error('the scenario cannot run');
      if (pair && c.toMs === undefined) {
        const [a, b] = runs.map((r) => sampleMsOf(r.json));
        if (a !== b)
          throw new Error(
            `A samples every ${a} ms and B every ${b} ms: give "toMs" to step both to one simulated time`,
          );
      }
      runs.forEach((r) => r.controller.step(r.json, c.toMs));
      return okReply(c.id);
    }
    case 'reset':
      runs.forEach((r) => r.controller.reset());
      return okReply(c.id);
    case 'getState': {
      const [a, b] = runs.map((r) => r.controller.getSnapshot());
      const state: EmbedState = {
        protocol: PROTOCOL,
        scenario: encodeScenario(t[0].scenario),
        status: b ? pairStatus(a.status, b.status) : a.status,
        nowMs: a.nowMs,
      };
      if (t.length === 2) {
        state.scenarioB = encodeScenario(t[1].scenario);
        state.nowMsB = b.nowMs;
      }
      return okReply(c.id, { state });
    }
    case 'setState': {
      if (isFigureState(c.state))
        throw new Error('setState: this embed runs a scenario; the state has a lesson figure’s "controls"');
      const given = [c.state.scenario, c.state.scenarioB];
      if (t.length === 2 && given[1] === undefined)
        throw new Error('setState: this embed runs a pair; the state needs its "scenarioB" too');
      if (t.length === 1 && given[1] !== undefined)
        throw new Error('setState: this embed runs one scenario; the state has a "scenarioB"');
      const read: ScenarioJson[] = [];
      for (let i = 0; i < t.length; i++) {
        const d = decodeScenario(given[i] ?? '');
        if (!d.ok) throw new Error(`setState: ${name(i)}the scenario could not be read: ${d.error}`);
        const problems = await runs[i].controller.validate(JSON.stringify(d.value));
        if (problems.length > 0)
          throw new Error(`setState: ${name(i)}the scenario is not valid: ${problems.join('; ')}`);
        read.push(d.value);
      }
      runs.forEach((r) => r.controller.reset());
      t.forEach((side, i) => side.setScenario(read[i]));
      return okReply(c.id);
    }
  }
}
