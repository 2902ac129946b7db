import { GAME_STARS_MAX } from '@logoschool/contract';
import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './game-play.module.css';

/** A level's stars as pictures, read out as "2 stars of 3". */
export function Stars({
  count,
  size = 24,
  className = '',
}: {
  count: number;
  size?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} role="img" aria-label={t('gamePlay.starsOf', { count })} wrap="nowrap">
      {Array.from({ length: GAME_STARS_MAX }, (_, index) =>
        index < count ? (
          <IconStarFilled key={index} size={size} className={`${classes.star} ${className}`} aria-hidden />
        ) : (
          <IconStar key={index} size={size} className={`${classes.starEmpty} ${className}`} aria-hidden />
        ),
      )}
    </Group>
  );
}
