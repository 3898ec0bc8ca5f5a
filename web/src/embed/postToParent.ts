/** The embed view's messages to the page that embeds it (format in README, "Embedding"). */
export type EmbedMessage =
  | { type: 'losslab:status'; state: string; nowMs: number }
  | { type: 'losslab:summary'; summary: unknown; side?: 'a' | 'b' };

export function postToParent(msg: EmbedMessage): void {
  if (window.parent && window.parent !== window) window.parent.postMessage(msg, '*');
}
