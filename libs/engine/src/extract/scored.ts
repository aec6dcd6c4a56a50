import type { Span } from './context.js';

/** A candidate value with its grounding, its ranking score (0..1) and the features that made the score. */
export interface Scored<V = unknown> {
  value: V;
  spans: Span[];
  score: number;
  features: Record<string, number>;
}

/** Squashes a ranker's weighted feature sum into a 0..1 score. */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
