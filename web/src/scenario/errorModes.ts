/**
 * The Gilbert–Elliott error model's modes in plain words, by the simulator's ids (`mode` of a
 * `gilbert_elliott` error model, docs/design.md): the one table the lab's error-model control offers and the
 * Sweep view names a varied mode by.
 */
export const GILBERT_ELLIOTT_MODES: Readonly<Record<string, string>> = {
  lim_jang: 'Timed sojourns (Lim & Jang)',
  markov: 'Mean loss and burst length',
};
