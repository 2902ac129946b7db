import { useTranslation } from 'react-i18next';
import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { fetchGamePlay } from './api/play.ts';
import { GamePlayer } from './components/game-player.tsx';

/**
 * /game/:token (public, spec §2 `/game/:gameID`; issue 31): the child's game under the link a teacher
 * made for one student, in the public page's frame (the wait, the child's language). A wrong or
 * withdrawn link says "game not found (or wrong link)" (spec §8); checking it shows no notification.
 */
export function GamePlayPage() {
  const { t } = useTranslation();
  return (
    <PublicLinkPage
      read={fetchGamePlay}
      large
      invalid={{ title: t('gamePlay.notFound.title'), text: t('gamePlay.notFound.text') }}
    >
      {(game, page) => <GamePlayer token={page.token} game={game} onInvalid={page.invalidate} />}
    </PublicLinkPage>
  );
}

export default GamePlayPage;
