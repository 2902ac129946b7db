import {
  ASSET_FILE_TYPES,
  GAME_MODES,
  GAME_WORD_MAX,
  type AssetFileKind,
  type GameMode,
} from '@logoschool/contract';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconMusic, IconPhoto, IconPhotoPlus, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import type { ItemControls } from '../../../components/versioned-document/item-list.tsx';
import { useUploadGameFile } from '../api/games.ts';
import type { GameValues } from '../game-form.ts';
import { GameAssetPicker } from './game-asset-picker.tsx';
import { GamePicture, GameSound } from './game-media.tsx';

/** The id of an item's place on the page (a refused publication scrolls to it). */
export const itemAnchor = (uid: string) => `game-item-${uid}`;

/**
 * One item of a level: the word or phrase, how it is played (say or find, each explained in a
 * line), its picture (uploaded or from the library) and its optional recorded sound.
 */
export function ItemEditor({
  form,
  path,
  uid,
  name,
  controls,
}: {
  form: UseFormReturnType<GameValues>;
  /** The item's path in the form (`levels.0.items.2`). */
  path: string;
  uid: string;
  name: string;
  controls: ItemControls;
}) {
  const { t } = useTranslation();
  const upload = useUploadGameFile();
  const [picking, setPicking] = useState<AssetFileKind | null>(null);
  const word = form.getInputProps(`${path}.word`).value as string;
  const mode = form.getInputProps(`${path}.mode`).value as GameMode;
  const pictureId = form.getInputProps(`${path}.picture_file_id`).value as number | null;
  const audioId = form.getInputProps(`${path}.audio_file_id`).value as number | null;
  const pictureError = form.errors[`${path}.picture_file_id`];
  const modeError = form.errors[`${path}.mode`];
  const audioError = form.errors[`${path}.audio_file_id`];
  const set = (field: 'picture_file_id' | 'audio_file_id', id: number | null) =>
    form.setFieldValue(`${path}.${field}`, id);
  const send = (file: File | null, field: 'picture_file_id' | 'audio_file_id') => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (saved) => set(field, saved.id) });
  };
  const modeId = `${itemAnchor(uid)}-mode`;
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={name} id={itemAnchor(uid)}>
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
          <Stack gap={6} w={200}>
            <GamePicture fileId={pictureId} alt={word || t('games.item.picture')} height={120} />
            <FileButton
              onChange={(file) => send(file, 'picture_file_id')}
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
                  {t('games.item.uploadPicture')}
                </Button>
              )}
            </FileButton>
            <Button
              fullWidth
              size="xs"
              variant="default"
              leftSection={<IconPhoto size={14} />}
              onClick={() => setPicking('image')}
            >
              {t('games.item.pictureFromLibrary')}
            </Button>
            {pictureError && (
              <Text size="sm" c="red.8" role="alert">
                {t('games.item.picture')}: {pictureError}
              </Text>
            )}
          </Stack>
          <Stack gap="xs" style={{ flex: '1 1 280px', minWidth: 0 }}>
            <TextInput
              label={t('games.item.word')}
              description={t('games.item.wordHint')}
              required
              maxLength={GAME_WORD_MAX}
              {...form.getInputProps(`${path}.word`)}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id={modeId}>
                {t('games.item.mode')}
              </Text>
              <SegmentedControl
                aria-labelledby={modeId}
                value={mode}
                onChange={(next) => form.setFieldValue(`${path}.mode`, next as GameMode)}
                data={GAME_MODES.map((value) => ({ value, label: t(`games.modes.${value}`) }))}
                style={{ alignSelf: 'flex-start' }}
              />
              <Text size="sm" c="gray.7">
                {t(`games.modeHints.${mode}`)}
              </Text>
              {modeError && (
                <Text size="sm" c="red.8" role="alert">
                  {modeError}
                </Text>
              )}
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('games.item.sound')}
              </Text>
              {audioId !== null ? (
                <Group gap="xs">
                  <GameSound fileId={audioId} label={t('games.item.listen', { label: word || name })} />
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconX size={14} />}
                    onClick={() => set('audio_file_id', null)}
                  >
                    {t('games.item.removeSound')}
                  </Button>
                </Group>
              ) : (
                <Group gap="xs">
                  <FileButton
                    onChange={(file) => send(file, 'audio_file_id')}
                    accept={ASSET_FILE_TYPES.sound.join(',')}
                  >
                    {(props) => (
                      <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                        {t('games.item.uploadSound')}
                      </Button>
                    )}
                  </FileButton>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconMusic size={14} />}
                    onClick={() => setPicking('sound')}
                  >
                    {t('games.item.soundFromLibrary')}
                  </Button>
                </Group>
              )}
              {audioError && (
                <Text size="sm" c="red.8" role="alert">
                  {audioError}
                </Text>
              )}
            </Stack>
          </Stack>
        </Group>
        {upload.isError && (
          <Alert color="red" role="alert">
            {t('games.item.uploadFailed')} {errorTextOf(upload.error)}
          </Alert>
        )}
      </Stack>
      <GameAssetPicker
        kind={picking ?? 'image'}
        opened={picking !== null}
        onClose={() => setPicking(null)}
        onPicked={(fileId) => set(picking === 'sound' ? 'audio_file_id' : 'picture_file_id', fileId)}
      />
    </Paper>
  );
}
