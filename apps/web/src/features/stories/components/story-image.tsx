import { storyFileUrl } from '@logoschool/contract';
import { useTranslation } from 'react-i18next';
import { ApiImage } from '../../../components/api-image.tsx';
import { useActingFor } from '../../../session/session.tsx';

/** A story file's image (fetched with the token), filling its box with its proportions kept. */
export function StoryImage({
  fileId,
  alt,
  height,
  dark = false,
}: {
  fileId: number | null;
  alt: string;
  height: number | string;
  dark?: boolean;
}) {
  const { t } = useTranslation();
  const acting = useActingFor('stories.read');
  const url = fileId !== null && acting ? storyFileUrl(acting.workspace_id, fileId) : null;
  return (
    <ApiImage
      url={url}
      alt={alt}
      height={height}
      dark={dark}
      empty={t('stories.noImage')}
      loading={t('stories.uploading')}
    />
  );
}
