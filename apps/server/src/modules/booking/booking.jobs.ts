import type { JobDefinition } from '../../jobs/queue.ts';
import { releaseExpired } from './booking-release.ts';

/** Every minute: reservations not confirmed in time free their slot (decision 036). */
export const releaseReservationsJob: JobDefinition = {
  name: 'booking-release-reservations',
  cron: '* * * * *',
  handler: async (database) => ({
    released: await database.db.transaction((tx) => releaseExpired(tx, new Date())),
  }),
};
