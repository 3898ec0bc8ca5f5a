/**
 * The listening half of the embed's two-way protocol (session/embedProtocol.ts,
 * docs/embedding.md), shared by every embed that takes commands: it applies the address's
 * `origins=` list, takes commands only from the frame's parent and only from one of those origins,
 * answers each (a malformed one with its problem), keeps the page's subscriptions, says
 * `losslab:ready` once it listens, and posts statements to subscribed pages.
 *
 * What a command does is the embed's own (`apply`): the embed of a scenario changes a scenario,
 * a lesson figure's embed its controls and predictions. `subscribe` and `unsubscribe` are answered
 * here, for the events the embed can post.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { getHostOrigins, postToParent, setHostOrigins } from './embedMessages';
import {
  errorReply,
  okReply,
  parseCommand,
  parseOrigins,
  readyMessage,
  type Command,
  type EventName,
  type Reply,
} from './embedProtocol';
import type { StatementMessage } from './xapi';

/** Applies one command other than `subscribe`/`unsubscribe`; resolves with its reply, rejects with a problem in words. */
export type ApplyCommand = (c: Exclude<Command, { command: 'subscribe' | 'unsubscribe' }>) => Promise<Reply>;

type Subscription = Extract<Command, { command: 'subscribe' | 'unsubscribe' }>;
const isSubscription = (c: Command): c is Subscription => c.command === 'subscribe' || c.command === 'unsubscribe';

/**
 * Listens while mounted. `origins`: the embed address's `origins=` value (without one no command is
 * taken; the one-way messages still go to any embedding page). `events`: those this embed posts.
 * Returns `emit`, which posts a statement if the page subscribed to its event.
 */
export function useEmbedChannel(
  origins: string | null,
  events: readonly EventName[],
  apply: ApplyCommand,
): (message: StatementMessage) => void {
  // The latest `apply`, for commands that arrive between renders.
  const latest = useRef(apply);
  latest.current = apply;
  const subscribed = useRef(new Set<EventName>());
  const eventsKey = events.join(',');

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
    const known = eventsKey.split(',') as EventName[];
    const subscription = (c: Subscription): Reply => {
      const other = c.events.find((e) => !known.includes(e));
      if (other !== undefined)
        throw new Error(
          `${c.command}: this embed posts no "${other}" events (it posts: ${known.join(', ')}); ` +
            'predictions and answers come from a lesson figure’s embed',
        );
      for (const e of c.events) {
        if (c.command === 'subscribe') subscribed.current.add(e);
        else subscribed.current.delete(e);
      }
      return okReply(c.id, { events: [...subscribed.current] });
    };
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
      const c = parsed.command;
      const reply = isSubscription(c)
        ? new Promise<Reply>((resolve) => resolve(subscription(c)))
        : latest.current(c as Parameters<ApplyCommand>[0]);
      void reply.then(answer, (err: unknown) =>
        answer(errorReply(c.id, err instanceof Error ? err.message : String(err))),
      );
    };
    window.addEventListener('message', onMessage);
    // Tells a listed page that commands are now taken (it may have loaded long before).
    if (getHostOrigins().length > 0) postToParent(readyMessage(known));
    return () => window.removeEventListener('message', onMessage);
  }, [origins, eventsKey]);

  return useCallback((message: StatementMessage) => {
    if (subscribed.current.has(message.event) && getHostOrigins().length > 0) postToParent(message);
  }, []);
}
