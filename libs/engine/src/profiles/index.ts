/** The document profiles that offer candidates of their own (the contract profile, contract.ts, is read by kinds). */
import type { DocumentProfile } from './profile.js';
import { receiptProfile } from './receipt.js';

export const DOCUMENT_PROFILES: readonly DocumentProfile[] = [receiptProfile];
export type { DocumentProfile, ProfileOptions } from './profile.js';
