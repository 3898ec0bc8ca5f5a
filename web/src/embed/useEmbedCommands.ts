/**
 * The embed view's side of the two-way protocol (embed/protocol.ts, docs/embedding.md): takes the
 * commands of the page that embeds it — only from the frame's parent, only from an origin the
 * embed's address lists — applies them to the page's run, answers each, and posts the events the
 * page subscribed to as xAPI statements (embed/xapi.ts).
 *
 * Scenario changes go through the simulator: a path is read and applied by its own rules
 * (`setScenarioPath`, the CLI's `--set`), and the changed scenario is kept only when its validator
 * finds no problem, so a course page can never leave the embed with a scenario it cannot run.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { PageRun } from '../run/usePageRun';
import { getHostOrigins, postToParent, setHostOrigins } from '../session/embedMessages';
import { decodeScenario, encodeScenario, formatHash, pageUrl } from '../session/route';
import { setScenarioPath } from '../sim/pageCore';
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
} from './protocol';
import { runStatement } from './xapi';

interface Target {
  run: PageRun;
  scenario: ScenarioJson | null;
  setScenario(s: ScenarioJson): void;
}

/**
 * Listens for commands while mounted. `origins`: the embed address's `origins=` value; without
 * one no command is taken (the one-way messages still go to any embedding page).
 */
export function useEmbedCommands(origins: string | null, target: Target): void {
  // The latest page state, for commands that arrive between renders.
  const latest = useRef(target);
  latest.current = target;
  const subscribed = useRef(new Set<EventName>());

  // The listed origins apply before anything is posted: set while rendering (idempotent), ahead of
  // every effect of this page, including the status reports' first message.
  useMemo(() => {
    const { origins: list, problems } = parseOrigins(origins);
    for (const p of problems) console.info(`LossLab embed: origins: ${p}`);
    setHostOrigins(list);
  }, [origins]);
  useEffect(() => () => setHostOrigins([]), []);

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

  // Finished runs, as statements, to subscribed pages.
  const controller = target.run.controller;
  useEffect(() => {
    let sent: unknown = null;
    return controller.subscribe(() => {
      const s = controller.getSnapshot();
      if (s.status !== 'done' || !s.summary || s.summary === sent) return;
      sent = s.summary;
      if (!subscribed.current.has('run') || getHostOrigins().length === 0) return;
      const scenario = s.scenarioJson ? (JSON.parse(s.scenarioJson) as ScenarioJson) : latest.current.scenario;
      postToParent(
        runStatement(s.summary, {
          activityId: pageUrl(formatHash('embed', { s: encodeScenario(scenario) })),
          base: pageUrl(''),
          name: scenario?.title || scenario?.id || 'LossLab run',
          now: new Date(),
        }),
      );
    });
  }, [controller]);
}

/** Applies one command; resolves with its reply, rejects with a plain-language problem. */
async function apply(c: Command, t: Target, subscribed: Set<EventName>): Promise<Reply> {
  const { run } = t;
  switch (c.command) {
    case 'set': {
      if (!t.scenario) throw new Error('there is no scenario to change');
      let json: string;
      try {
        json = setScenarioPath(JSON.stringify(t.scenario), c.path, c.value);
      } catch (err) {
        throw new Error(`set ${c.path}: ${err instanceof Error ? err.message : String(err)}`);
      }
      const problems = await run.controller.validate(json);
      if (problems.length > 0)
        throw new Error(`set ${c.path}: the scenario would not be valid: ${problems.join('; ')}`);
      t.setScenario(JSON.parse(json) as ScenarioJson);
      return okReply(c.id);
    }
    case 'run':
      if (!run.valid)
        throw new Error('the scenario cannot run: ' + (run.validation.problems.join('; ') || 'not checked yet'));
      run.play();
      return okReply(c.id);
    case 'pause':
      run.controller.pause();
      return okReply(c.id);
    case 'step':
      if (!run.valid) throw new Error('the scenario cannot run');
      run.controller.step(run.json, c.toMs);
      return okReply(c.id);
    case 'reset':
      run.controller.reset();
      return okReply(c.id);
    case 'getState': {
      const s = run.controller.getSnapshot();
      const state: EmbedState = {
        protocol: PROTOCOL,
        scenario: encodeScenario(t.scenario),
        status: s.status,
        nowMs: s.nowMs,
      };
      return okReply(c.id, { state });
    }
    case 'setState': {
      const d = decodeScenario(c.state.scenario);
      if (!d.ok) throw new Error(`setState: the scenario could not be read: ${d.error}`);
      const problems = await run.controller.validate(JSON.stringify(d.value));
      if (problems.length > 0) throw new Error(`setState: the scenario is not valid: ${problems.join('; ')}`);
      run.controller.reset();
      t.setScenario(d.value);
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
