import {
  GENERATION_ASSET_TYPES,
  type Exercise,
  type ExerciseMedia,
  type ExerciseMediaKind,
  type GenerationAssetType,
} from '@logoschool/contract';
import { Alert, Group, Image, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../../api/file-url.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExerciseMedia, useMarkMedia } from '../api/exercise-media.ts';

/** The Select's value for "keep it": the API's null. */
const KEEP = 'keep';

/** The choices for one kind of media: keep it, or each asset type that may take its place. */
export function markOptions(
  kind: ExerciseMediaKind,
  typeLabel: (type: GenerationAssetType) => string,
  keepLabel: string,
): { value: string; label: string }[] {
  return [
    { value: KEEP, label: keepLabel },
    ...GENERATION_ASSET_TYPES[kind].map((type) => ({ value: type, label: typeLabel(type) })),
  ];
}

/** The API's mark for a Select value. */
export function markOf(value: string | null): GenerationAssetType | null {
  return value === null || value === KEEP ? null : (value as GenerationAssetType);
}

/**
 * The pictures and sounds of an exercise's deck (spec §3: a deck's media, each marked with what a
 * themed version puts in its place). Those who may edit the exercise, and moderators, change the
 * marks here, each saved at once; everyone else reads them.
 */
export function MediaPanel({ exercise, editable }: { exercise: Exercise; editable: boolean }) {
  const { t } = useTranslation();
  const images = useExerciseMedia(exercise.id, 'image', true);
  const audios = useExerciseMedia(exercise.id, 'audio', true);
  const mark = useMarkMedia(exercise.id);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (media: ExerciseMedia, value: string | null) => {
    const assetType = markOf(value);
    if (assetType === media.asset_type) return;
    setFailure(null);
    try {
      await mark.mutateAsync({ fileId: media.id, body: { asset_type: assetType } });
      notifySuccess(
        assetType
          ? t('exercises.media.markedReplace', { name: media.name, type: t(`assets.type.${assetType}`) })
          : t('exercises.media.markedKeep', { name: media.name }),
      );
    } catch (error) {
      setFailure(t('exercises.media.markFailed', { name: media.name, reason: errorTextOf(error) }));
    }
  };

  /** What a media item shows in its Select: the mark being saved, else the saved one. */
  const shownMark = (media: ExerciseMedia): string => {
    const saving = mark.isPending && mark.variables?.fileId === media.id;
    const current = saving ? mark.variables?.body.asset_type : media.asset_type;
    return current ?? KEEP;
  };

  const loading = images.isPending || audios.isPending;
  const failed = images.isError || audios.isError;
  const empty = !loading && !failed && images.data?.length === 0 && audios.data?.length === 0;
  const item = (media: ExerciseMedia) => (
    <MediaItem
      key={media.id}
      media={media}
      editable={editable}
      value={shownMark(media)}
      saving={mark.isPending && mark.variables?.fileId === media.id}
      onChange={(value) => void change(media, value)}
    />
  );

  return (
    <PanelSection
      id="media-panel-title"
      title={t('exercises.media.title')}
      hint={t(editable ? 'exercises.media.hint' : 'exercises.media.hintReadOnly')}
    >
      <DismissibleAlert message={failure} onClose={() => setFailure(null)} />
      {loading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('exercises.media.loading')}</Text>
        </Group>
      )}
      {failed && <Alert color="red">{t('exercises.media.loadFailed')}</Alert>}
      {empty && (
        <Text size="sm" c="gray.7">
          {t('exercises.media.empty')}
        </Text>
      )}
      {images.data && images.data.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('exercises.media.images', { count: images.data.length })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {images.data.map(item)}
          </SimpleGrid>
        </Stack>
      )}
      {audios.data && audios.data.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('exercises.media.audios', { count: audios.data.length })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {audios.data.map(item)}
          </SimpleGrid>
        </Stack>
      )}
    </PanelSection>
  );
}

function MediaItem({
  media,
  editable,
  value,
  saving,
  onChange,
}: {
  media: ExerciseMedia;
  editable: boolean;
  value: string;
  saving: boolean;
  onChange(value: string | null): void;
}) {
  const { t } = useTranslation();
  const options = markOptions(media.kind, (type) => t(`assets.type.${type}`), t('exercises.media.keep'));
  const label = t('exercises.media.replaceWith');
  const chosen = options.find((option) => option.value === value)?.label ?? value;
  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={media.name}>
      <Stack gap={6}>
        {media.kind === 'image' ? <Thumbnail media={media} /> : <Player media={media} />}
        <Text size="sm" fw={500} truncate="end" title={media.name}>
          {media.name}
        </Text>
        <Text size="xs" c="gray.7">
          {media.slides.length > 0
            ? t('exercises.media.onSlides', { slides: media.slides.join(', ') })
            : t('exercises.media.onNoSlide')}
        </Text>
        {editable ? (
          <Select
            label={label}
            size="sm"
            data={options}
            value={value}
            onChange={onChange}
            allowDeselect={false}
            disabled={saving}
            rightSection={saving ? <Loader size="xs" /> : undefined}
          />
        ) : (
          <Text size="sm">
            <Text span size="sm" c="gray.7">
              {label}:
            </Text>{' '}
            {chosen}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Thumbnail({ media }: { media: ExerciseMedia }) {
  const { t } = useTranslation();
  const url = useApiFileUrl(media.file_url);
  return url.data ? (
    <Image
      src={url.data}
      alt={t('exercises.media.imageAlt', { name: media.name })}
      h={120}
      fit="contain"
      radius="sm"
      bg="gray.0"
    />
  ) : (
    <Paper h={120} bg="gray.0" radius="sm" aria-hidden />
  );
}

function Player({ media }: { media: ExerciseMedia }) {
  const { t } = useTranslation();
  const url = useApiFileUrl(media.file_url);
  return url.data ? (
    <audio
      controls
      preload="metadata"
      src={url.data}
      aria-label={t('exercises.media.play', { name: media.name })}
      style={{ width: '100%' }}
    />
  ) : (
    <Paper h={40} bg="gray.0" radius="sm" aria-hidden />
  );
}
