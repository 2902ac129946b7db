import type { GamePlay } from '@logoschool/contract';
import type { ReactNode } from 'react';
import { mediaUrl } from '../api/play.ts';
import classes from './game-play.module.css';

/** The theme's background behind the game, its props as decoration along the bottom edge. */
export function GameScene({ game, children }: { game: GamePlay; children: ReactNode }) {
  const background = game.background_url ? `url("${mediaUrl(game.background_url)}")` : undefined;
  return (
    <div className={classes.scene} style={{ backgroundImage: background }}>
      <main className={classes.content}>{children}</main>
      {game.props.length > 0 && (
        <div className={classes.props} aria-hidden>
          {game.props.map((prop) =>
            prop.url ? (
              <img key={prop.id} src={mediaUrl(prop.url)} alt="" className={classes.prop} draggable={false} />
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}
