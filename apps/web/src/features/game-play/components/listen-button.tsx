import { Button } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../api/play.ts';

/** Plays an item's recorded word when tapped, from its start; never by itself. */
export function ListenButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const play = () => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    // A sound that cannot play (no connection, a browser's refusal) leaves the game as it is.
    void Promise.resolve(element.play()).catch(() => {});
  };
  return (
    <>
      <audio ref={audio} src={mediaUrl(url)} preload="none" />
      <Button size="lg" variant="light" leftSection={<IconVolume size={22} aria-hidden />} onClick={play}>
        {t('gamePlay.play.listen')}
      </Button>
    </>
  );
}
