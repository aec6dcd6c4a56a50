/** The spec's limits on documents, in one place. */
export const LIMITS = {
  inlineBytes: 20 * 1024 * 1024,
  stagedBytes: 50 * 1024 * 1024,
  pages: 200,
  syncPages: 20,
  words: 80_000,
} as const;
