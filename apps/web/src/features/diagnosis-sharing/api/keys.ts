import type { Acting } from '../../../api/keys.ts';

/** The diagnosis-sharing feature's query keys. */
export const diagnosisSharingKeys = {
  all: ['diagnosis-sharing'] as const,
  /**
   * How one diagnosis is shared. `completedAt` is part of the key: completing the diagnosis on the
   * filling screen (another feature's query) reads the sharing state again.
   */
  sharing: (acting: Acting, diagnosisId: number, completedAt: string | null) =>
    [...diagnosisSharingKeys.all, 'sharing', acting, diagnosisId, completedAt] as const,
};
