/**
 * The environments' settings (issue 33 item 4): root's screen reads them with those kept
 * elsewhere, and their history. The storage module checks a write of `app_settings` here and keeps
 * its changes here (`checkAppSettings`, `recordSettingChanges`), so that every way of writing
 * them is checked and remembered alike.
 */
import type { AppModule } from '../module.ts';
import { settingsRoutes } from './settings.routes.ts';

export const settingsModule: AppModule = { name: 'settings', routes: [settingsRoutes] };

export { checkAppSettings, recordSettingChanges, type SettingChange } from './settings.service.ts';
