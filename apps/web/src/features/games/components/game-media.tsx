import { gameFileUrl } from '@logoschool/contract';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../../api/file-url.ts';
import { ApiImage } from '../../../components/api-image.tsx';
import { useActingFor } from '../../../session/session.tsx';

/** A game file's address for the staff, in the project acted in; null for none. */
function useGameFileUrl(fileId: number | null): string | null {
  const acting = useActingFor('games.manage');
  return fileId !== null && acting ? gameFileUrl(acting.workspace_id, fileId, acting.role_id) : null;
}

/** An item's picture (fetched with the token), or "no picture yet". */
export function GamePicture({ fileId, alt, height }: { fileId: number | null; alt: string; height: number }) {
  const { t } = useTranslation();
  return (
    <ApiImage
      url={useGameFileUrl(fileId)}
      alt={alt}
      height={height}
      empty={t('games.item.noPicture')}
      loading={t('games.item.loadingFile')}
    />
  );
}

/** An item's recorded sound as a player, named for its word. */
export function GameSound({ fileId, label }: { fileId: number; label: string }) {
  const { t } = useTranslation();
  const sound = useApiFileUrl(useGameFileUrl(fileId));
  if (!sound.data) return <Loader size="xs" aria-label={t('games.item.loadingFile')} />;
  return <audio controls src={sound.data} preload="metadata" aria-label={label} style={{ maxWidth: 260 }} />;
}
