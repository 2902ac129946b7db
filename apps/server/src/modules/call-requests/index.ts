/**
 * A call back (issue 29 item 4, decision 040): parents ask on the booking page or the family's
 * dashboard; the project's phone agent is asked to start the call (at once, then retried with
 * back-off by the job); the school sees and handles the requests and sets the agent.
 */
import type { AppModule } from '../module.ts';
import { callRequestJobs } from './call-requests.jobs.ts';
import { callRequestsRoutes } from './call-requests.routes.ts';

export const callRequestsModule: AppModule = {
  name: 'call-requests',
  routes: [callRequestsRoutes],
  jobs: callRequestJobs,
};

export { attemptDueCalls } from './call-requests.service.ts';
