/**
 * The embed view's frame for content another room draws (a lesson figure,
 * `#/embed/learn/<lesson>/<figure>`): the same bare panel as `#/embed`, no header, no navigation.
 * The shell composes it, so the embed room never imports a page.
 */
import type { ReactNode } from 'react';
import './embed.css';

export function EmbedFrame({ children }: { children: ReactNode }) {
  return <main className="embed embed-frame">{children}</main>;
}
