/**
 * The page's syntax check of the reader's own code: the worker's parser (`worker/codeSyntax.ts`,
 * acorn, which runs nothing), handed to the builder so it can point at a mistake's line while
 * the code is typed.
 */
export { parseCode, type SyntaxMistake } from './worker/codeSyntax';
