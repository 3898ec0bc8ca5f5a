/**
 * Keeps the slides and the presenter view in step: both windows of the same browser join a
 * BroadcastChannel named after the lesson. The slides announce where they are (`state`) whenever
 * that changes and when the presenter says `hello`; the presenter asks them to move (`go`).
 */
import { useCallback, useEffect, useRef } from 'react';

export type ProjectorMessage =
  | { type: 'hello' }
  | { type: 'state'; at: number; count: number; canNext: boolean; waiting: string | null }
  | { type: 'go'; to: 'next' | 'previous' };

/** The channel's name for a lesson. */
export const channelName = (lessonId: string) => `losslab-projector:${lessonId}`;

/**
 * Joins the lesson's channel while `enabled`; `onMessage` receives the other window's messages.
 * Returns a sender (a no-op where BroadcastChannel is missing).
 */
export function useProjectorChannel(
  lessonId: string,
  enabled: boolean,
  onMessage: (m: ProjectorMessage) => void,
): (m: ProjectorMessage) => void {
  const channel = useRef<BroadcastChannel | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!enabled || typeof BroadcastChannel === 'undefined') return;
    const c = new BroadcastChannel(channelName(lessonId));
    c.onmessage = (e: MessageEvent<ProjectorMessage>) => handler.current(e.data);
    channel.current = c;
    return () => {
      channel.current = null;
      c.close();
    };
  }, [lessonId, enabled]);
  return useCallback((m: ProjectorMessage) => channel.current?.postMessage(m), []);
}
