/**
 * How problem messages name the JSON keys they mention (`limit_pkts` → "Buffer"): the builder
 * provides the form's names; without a provider keys are humanized.
 */
import { createContext } from 'react';
import { humanizeKey } from './problemText';

export const ProblemWords = createContext<(key: string) => string>(humanizeKey);
