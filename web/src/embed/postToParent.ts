/** The embed view's messages to the page that embeds it: defined in session/embedMessages.ts. */
export { postToParent, type EmbedMessage } from '../session/embedMessages';
