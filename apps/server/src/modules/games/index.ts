/**
 * Games (issue 31): the moderators' game themes and games (versioned documents), their pictures and
 * sounds; the teachers' gifts of a game to a student with its link; the child's game by that link,
 * its plays and progress; the family's list on its dashboard.
 */
import type { AppModule } from '../module.ts';
import { gamePlayRoutes } from './game-play.routes.ts';
import { gamesRoutes } from './games.routes.ts';

export const gamesModule: AppModule = { name: 'games', routes: [gamesRoutes, gamePlayRoutes] };

export { gameLinks } from './game-link.ts';
export { GAME_FILES, gameFileFromAsset } from './game-files.service.ts';
export { assignGame } from './game-assignments.service.ts';
export { completeGame } from './game-play.service.ts';
export { createGame, publishGame } from './games.service.ts';
export { createGameTheme } from './game-themes.service.ts';
