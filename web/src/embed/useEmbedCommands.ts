/**
 * The embed view's side of the two-way protocol (embed/protocol.ts, docs/embedding.md): takes the
 * commands of the page that embeds it — only from the frame's parent, only from an origin the
 * embed's address lists — applies them to the page's run, answers each, and posts the events the
 * page subscribed to as xAPI statements (embed/xapi.ts).
 *
 * The embed of one scenario has one configuration; the embed of a pair (`#/embed?s=…&b=…`) has A
 * and B, run together as Compare runs them (`run/runPair.ts`).
 *
 * Scenario changes go through the simulator: a path is read and applied by its own rules
 * (`setScenarioPath`, the CLI's `--set`), and the changed scenario is kept only when its validator
 * finds no problem, so a course page can never leave the embed with a scenario it cannot run.
 */
import { useEffect, useMemo, useRef } from 'react';
import { pairStatus, runPair } from '../run/runPair';
import type { PageRun } from '../run/usePageRun';
import { getHostOrigins, postToParent, setHostOrigins } from '../session/embedMessages';
import { decodeScenario, encodeScenario, formatHash, pageUrl } from '../session/route';
import { setScenarioPath } from '../sim/pageCore';
import { sampleMsOf } from '../sim/protocol';
import type { ScenarioJson } from '../scenario/types';
import {
  errorReply,
  okReply,
  parseCommand,
  parseOrigins,
  PROTOCOL,
  readyMessage,
  type Command,
  type EmbedState,
  type EventName,
  type Reply,
  type Side,
} from './protocol';
import { runStatement } from './xapi';

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
  const subscribed = useRef(new Set<EventName>());

  // The listed origins apply before anything is posted: set while rendering (idempotent), ahead of
  // every effect of this page, including the status reports' first message.
  const listed = useMemo(() => {
    const { origins: list, problems } = parseOrigins(origins);
    for (const p of problems) console.info(`LossLab embed: origins: ${p}`);
    setHostOrigins(list);
    return getHostOrigins();
  }, [origins]);
  // Leaving clears the list, unless the next embed view has set its own already (an embed address
  // changed in place renders the new view before the old one's clean-up runs).
  useEffect(
    () => () => {
      if (getHostOrigins() === listed) setHostOrigins([]);
    },
    [listed],
  );

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const parsed = parseCommand(e.data);
      if (parsed.kind === 'other') return;
      const allowed = getHostOrigins();
      if (e.source !== window.parent || window.parent === window || !allowed.includes(e.origin)) {
        console.info(
          allowed.length === 0
            ? 'LossLab embed: a command was ignored: the embed address lists no origins (origins=…) to take commands from'
            : `LossLab embed: a command from ${e.origin} was ignored: not one of the origins the embed address lists`,
        );
        return;
      }
      const answer = (r: Reply) => window.parent.postMessage(r, e.origin);
      if (parsed.kind === 'bad') {
        answer(errorReply(parsed.id, parsed.error));
        return;
      }
      void apply(parsed.command, latest.current, subscribed.current).then(answer, (err: unknown) =>
        answer(errorReply(parsed.command.id, err instanceof Error ? err.message : String(err))),
      );
    };
    window.addEventListener('message', onMessage);
    // Tells a listed page that commands are now taken (it may have loaded long before).
    if (getHostOrigins().length > 0) postToParent(readyMessage());
    return () => window.removeEventListener('message', onMessage);
  }, [origins]);

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
        if (!subscribed.current.has('run') || getHostOrigins().length === 0) return;
        const scenario = s.scenarioJson
          ? (JSON.parse(s.scenarioJson) as ScenarioJson)
          : (latest.current[i]?.scenario ?? null);
        const title = scenario?.title || scenario?.id || 'LossLab run';
        postToParent(
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
  }, [first, second]);
}

/** The sides a `set` changes: the one it names, or all (a single embed has only A). */
function sidesOf(t: Target, side: Side | undefined): EmbedSide[] {
  if (side === undefined) return [...t];
  if (side === 'b' && t.length === 1)
    throw new Error('"side": "b" names configuration B of a pair; this embed runs one scenario');
  return [t[side === 'a' ? 0 : 1]!];
}

/** Applies one command; resolves with its reply, rejects with a plain-language problem. */
async function apply(c: Command, t: Target, subscribed: Set<EventName>): Promise<Reply> {
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
    case 'subscribe':
      c.events.forEach((e) => subscribed.add(e));
      return okReply(c.id, { events: [...subscribed] });
    case 'unsubscribe':
      c.events.forEach((e) => subscribed.delete(e));
      return okReply(c.id, { events: [...subscribed] });
  }
}
