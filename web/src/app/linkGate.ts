/**
 * The shell's gate for scenarios that arrive in a link: before a view mounts, every
 * scenario its URL carries is decoded and validated by the simulator's own validator (through
 * wasm, budget included). A link whose scenario the validator rejects is not handed to the view;
 * the shell shows the problems and a way back (LinkRefused). Links that do not decode are left to
 * the views, which already say so and fall back. A trace the link left out by its file name is let
 * through: the builder asks for that file.
 *
 * A link whose scenario carries code of its own (`code`, the reader's JavaScript, docs/design.md
 * §1.15) is held too: the code does not run before the viewer has seen it and chosen to run it
 * (CodeConsent); "without the code" opens the link with `code` taken out.
 */
import type { ScenarioJson } from '../scenario/types';
import { decodeScenario, encodeScenario, type View } from '../session/route';
import { splitProblem } from '../sim/protocol';

/** The path of a trace file a scenario names (`….rate_trace.file`, `….errors.file`). */
const TRACE_FILE = /(^|\.)(rate_trace|errors)\.file$/;

/** The URL parameters that carry a scenario, per view, with the words for it. */
const CARRIERS: Partial<Record<View, { param: string; what: string }[]>> = {
  lab: [{ param: 's', what: 'The scenario' }],
  sweep: [{ param: 's', what: 'The sweep’s base scenario' }],
  compare: [
    { param: 'a', what: 'Configuration A' },
    { param: 'b', what: 'Configuration B' },
  ],
  embed: [
    { param: 's', what: 'The scenario' },
    { param: 'b', what: 'The second scenario' },
  ],
};

/** One refused scenario of a link: which one and the validator's problems. */
export interface Refused {
  param: string;
  what: string;
  problems: string[];
}

/** The link's scenarios that decode but do not validate (empty: the view may open the link). */
export function refusedInLink(view: View, params: URLSearchParams, validate: (json: string) => string[]): Refused[] {
  const out: Refused[] = [];
  for (const { param, what, scenario } of scenariosInLink(view, params)) {
    // A trace the link left out by its file name (too big to travel, session/route.ts) is not a
    // reason to refuse the link: the builder asks for the file at the link's settings.
    const problems = validate(JSON.stringify(scenario)).filter((p) => !TRACE_FILE.test(splitProblem(p).path));
    if (problems.length > 0) out.push({ param, what, problems });
  }
  return out;
}

/** Every scenario the link carries for `view` that decodes, with its parameter and its words. */
function scenariosInLink(
  view: View,
  params: URLSearchParams,
): { param: string; what: string; scenario: ScenarioJson }[] {
  const out = [];
  for (const c of CARRIERS[view] ?? []) {
    const d = decodeScenario(params.get(c.param) ?? '');
    if (params.has(c.param) && d.ok) out.push({ ...c, scenario: d.value });
  }
  return out;
}

/** The same parameters without the refused scenarios (what "Open without it" navigates to). */
export function withoutRefused(params: URLSearchParams, refused: readonly Refused[]): URLSearchParams {
  const p = new URLSearchParams(params);
  for (const r of refused) p.delete(r.param);
  return p;
}

/** A scenario of a link that carries code: which one and its sources. */
export interface CarriedCode {
  param: string;
  what: string;
  code: { classifier?: string; cc?: string };
}

/** The link's scenarios that carry code (empty: nothing to ask). */
export function codeInLink(view: View, params: URLSearchParams): CarriedCode[] {
  const out: CarriedCode[] = [];
  for (const { param, what, scenario } of scenariosInLink(view, params)) {
    const code = scenario.code;
    if (code && (typeof code.classifier === 'string' || typeof code.cc === 'string')) out.push({ param, what, code });
  }
  return out;
}

/** The same parameters with `code` taken out of every scenario that carries it. */
export function withoutCode(params: URLSearchParams, carried: readonly CarriedCode[]): URLSearchParams {
  const p = new URLSearchParams(params);
  for (const c of carried) {
    const d = decodeScenario(p.get(c.param) ?? '');
    if (!d.ok) continue;
    const { code: _dropped, ...rest } = d.value;
    p.set(c.param, encodeScenario(rest));
  }
  return p;
}
