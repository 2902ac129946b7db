/**
 * The public-link kit (decision 029): the links that open one subject of an area without signing
 * in. An area declares its kind (`declarePublicLink`), the kit adds the sharer's routes for it and
 * gives the area what its own routes need: the link's state, issue within its transaction, and the
 * subject a token opens for its public reads (`publicRead`, `openLink`).
 */
import type { AppModule } from '../module.ts';
import { publicLinksRoutes } from './public-links.routes.ts';

export const publicLinksModule: AppModule = { name: 'public-links', routes: [publicLinksRoutes] };

export { declarePublicLink, type PublicLinkKind } from './public-link-kind.ts';
export { publicRead } from './public-links.routes.ts';
export {
  TOKEN_SHAPE,
  invalidLink,
  issueLink,
  linkOf,
  linkStateOf,
  liveTokenOf,
  newLinkToken,
  openLink,
  projectOfToken,
  stillOpens,
  withdrawLink,
  type LinkActor,
  type OpenedLink,
} from './public-links.service.ts';
