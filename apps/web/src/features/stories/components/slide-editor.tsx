import { ASSET_FILE_TYPES, STORY_TEXT_MAX } from '@logoschool/contract';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconMusic, IconPhoto, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import type { ItemControls } from '../../../components/versioned-document/item-list.tsx';
import { useUploadStoryFile } from '../api/stories.ts';
import type { StoryValues } from '../story-form.ts';
import { AssetPicker } from './asset-picker.tsx';
import { StoryImage } from './story-image.tsx';

/** One slide: its image (uploaded or from a theme), the child's text, the teacher's note, a sound. */
export function SlideEditor({
  form,
  path,
  name,
  controls,
}: {
  form: UseFormReturnType<StoryValues>;
  /** The slide's path in the form (`episodes.0.parts.1.slides.2`). */
  path: string;
  name: string;
  controls: ItemControls;
}) {
  const { t } = useTranslation();
  const upload = useUploadStoryFile();
  const [picking, setPicking] = useState(false);
  const imageId = form.getInputProps(`${path}.image_file_id`).value as number | null;
  const audioId = form.getInputProps(`${path}.audio_file_id`).value as number | null;
  const imageError = form.errors[`${path}.image_file_id`];
  const send = (file: File | null, field: 'image_file_id' | 'audio_file_id') => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (saved) => form.setFieldValue(`${path}.${field}`, saved.id) });
  };
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            {controls.move}
            <Text fw={600} size="sm">
              {name}
            </Text>
          </Group>
          {controls.remove}
        </Group>
        <Group align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6} w={240}>
            <StoryImage fileId={imageId} alt={t('stories.imageAlt')} height={140} />
            <Stack gap={6}>
              <FileButton
                onChange={(file) => send(file, 'image_file_id')}
                accept={ASSET_FILE_TYPES.image.join(',')}
              >
                {(props) => (
                  <Button
                    {...props}
                    fullWidth
                    size="xs"
                    variant="default"
                    leftSection={<IconPhotoPlus size={14} />}
                    loading={upload.isPending}
                  >
                    {t('stories.uploadImage')}
                  </Button>
                )}
              </FileButton>
              <Button
                fullWidth
                size="xs"
                variant="default"
                leftSection={<IconPhoto size={14} />}
                onClick={() => setPicking(true)}
              >
                {t('stories.fromTheme')}
              </Button>
            </Stack>
            {imageError && (
              <Text size="sm" c="red.8" role="alert">
                {t('stories.image')}: {imageError}
              </Text>
            )}
          </Stack>
          <Stack gap="xs" style={{ flex: '1 1 280px' }}>
            <Textarea
              label={t('stories.slideText')}
              autosize
              minRows={2}
              maxLength={STORY_TEXT_MAX}
              {...form.getInputProps(`${path}.text`)}
            />
            <Textarea
              label={t('stories.slideNote')}
              autosize
              minRows={2}
              maxLength={STORY_TEXT_MAX}
              {...form.getInputProps(`${path}.note`)}
            />
            <Group gap="xs">
              <Text size="sm">{t('stories.audio')}</Text>
              {audioId !== null ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={14} />}
                  onClick={() => form.setFieldValue(`${path}.audio_file_id`, null)}
                >
                  {t('stories.removeAudio')}
                </Button>
              ) : (
                <FileButton
                  onChange={(file) => send(file, 'audio_file_id')}
                  accept={ASSET_FILE_TYPES.sound.join(',')}
                >
                  {(props) => (
                    <Button {...props} size="xs" variant="default" leftSection={<IconMusic size={14} />}>
                      {t('stories.uploadAudio')}
                    </Button>
                  )}
                </FileButton>
              )}
            </Group>
          </Stack>
        </Group>
        {upload.isError && (
          <Alert color="red" role="alert">
            {t('stories.uploadFailed')} {errorTextOf(upload.error)}
          </Alert>
        )}
      </Stack>
      <AssetPicker
        opened={picking}
        onClose={() => setPicking(false)}
        onPicked={(fileId) => form.setFieldValue(`${path}.image_file_id`, fileId)}
      />
    </Paper>
  );
}
