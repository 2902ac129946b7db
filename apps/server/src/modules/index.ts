/**
 * The modules the app is made of, in the order their routes are registered (decision 028). A new
 * area adds its entry here and nowhere else in the app's shared code.
 */
import { assetsModule } from './assets/index.ts';
import { auditModule } from './audit/index.ts';
import { authModule } from './auth/index.ts';
import { bookingModule } from './booking/index.ts';
import { callRequestsModule } from './call-requests/index.ts';
import { categoriesModule } from './categories/index.ts';
import { clientsModule } from './clients/index.ts';
import { coursesModule } from './courses/index.ts';
import { crmModule } from './crm/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { diagnosticsModule } from './diagnostics/index.ts';
import { exercisesModule } from './exercises/index.ts';
import { familiesModule } from './families/index.ts';
import { gamesModule } from './games/index.ts';
import { generationModule } from './generation/index.ts';
import { healthModule } from './health/index.ts';
import { invitationsModule } from './invitations/index.ts';
import { lessonsModule } from './lessons/index.ts';
import { mailsModule } from './mails/index.ts';
import { merchModule } from './merch/index.ts';
import type { AppModule } from './module.ts';
import { plansModule } from './plans/index.ts';
import { practiceModule } from './practice/index.ts';
import { publicLinksModule } from './public-links/index.ts';
import { referralsModule } from './referrals/index.ts';
import { settingsModule } from './settings/index.ts';
import { storageModule } from './storage/index.ts';
import { storiesModule } from './stories/index.ts';
import { tagsModule } from './tags/index.ts';
import { ticketsModule } from './tickets/index.ts';
import { themesModule } from './themes/index.ts';
import { translationsModule } from './translations/index.ts';
import { usersModule } from './users/index.ts';
import { workspacesModule } from './workspaces/index.ts';
import { actsModule } from './acts/index.ts';

export const MODULES: readonly AppModule[] = [
  healthModule,
  authModule,
  storageModule,
  workspacesModule,
  auditModule,
  usersModule,
  clientsModule,
  crmModule,
  invitationsModule,
  mailsModule,
  categoriesModule,
  tagsModule,
  exercisesModule,
  themesModule,
  generationModule,
  assetsModule,
  dashboardModule,
  plansModule,
  lessonsModule,
  diagnosticsModule,
  coursesModule,
  storiesModule,
  gamesModule,
  bookingModule,
  familiesModule,
  practiceModule,
  referralsModule,
  callRequestsModule,
  merchModule,
  ticketsModule,
  actsModule,
  // Running the school (issue 33): the interface's texts, the environments' settings.
  translationsModule,
  settingsModule,
  // The sharer's routes of every public link the areas above declare (decision 029).
  publicLinksModule,
];
