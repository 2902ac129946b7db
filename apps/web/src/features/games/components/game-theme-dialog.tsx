import {
  GAME_CHARACTERS_MAX,
  GAME_PROPS_MAX,
  GAME_TITLE_MAX,
  gameThemeInput,
  rolesMay,
  type AssetType,
  type GameTheme,
} from '@logoschool/contract';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAssets } from '../../../api/assets.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { AssetFileGrid } from '../../../components/assets/asset-file-grid.tsx';
import { DialogForm, FormDialog, NameField, useDialogForm } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../session/session.tsx';
import { useSaveGameTheme } from '../api/game-themes.ts';

/** What the dialog is open for: a new theme, or the one to change. */
export type GameThemeTarget = { kind: 'create' } | { kind: 'edit'; theme: GameTheme };

interface Values {
  title: string;
  background_asset_id: number | null;
  prop_asset_ids: number[];
  character_asset_ids: number[];
}

const valuesOf = (theme: GameTheme | null): Values => ({
  title: theme?.title ?? '',
  background_asset_id: theme?.background?.asset_id ?? null,
  prop_asset_ids: theme?.props.map((prop) => prop.asset_id) ?? [],
  character_asset_ids: theme?.characters.map((character) => character.asset_id) ?? [],
});

/**
 * The library's assets of one type, each with its image, to choose one (`single`) or several:
 * clicking one chooses it, clicking a chosen one of several takes it out.
 */
function AssetChoices({
  form,
  field,
  type,
  single = false,
  title,
  hint,
}: {
  form: UseFormReturnType<Values>;
  field: 'background_asset_id' | 'prop_asset_ids' | 'character_asset_ids';
  type: AssetType;
  single?: boolean;
  title: string;
  hint: string;
}) {
  const { t } = useTranslation();
  const { held } = useSession();
  const assets = useAssets({ type, term: '' }, rolesMay(held, 'assets.read'));
  const value = form.getValues()[field];
  const chosen = new Set(value === null ? [] : Array.isArray(value) ? value : [value]);
  const byFile = new Map<number, number>();
  const options = (assets.data ?? []).flatMap((asset) => {
    const file = asset.files.find((candidate) => candidate.kind === 'image');
    if (!file) return [];
    byFile.set(file.id, asset.id);
    return [{ name: asset.name, file }];
  });
  const assetOf = (fileId: number) => byFile.get(fileId) ?? 0;
  const toggle = (assetId: number) => {
    if (single) form.setFieldValue(field, assetId);
    else {
      const list = value as number[];
      form.setFieldValue(
        field,
        list.includes(assetId) ? list.filter((id) => id !== assetId) : [...list, assetId],
      );
    }
  };
  const headingId = `game-theme-${field}`;
  const error = form.errors[field];
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {hint}
      </Text>
      {assets.isPending && <Loader size="sm" aria-label={t('games.themes.loadingAssets')} />}
      {assets.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(assets.error)}
        </Alert>
      )}
      {assets.isSuccess && options.length === 0 && (
        <Text size="sm">{t('games.themes.noAssets', { type: t(`assets.group.${type}`) })}</Text>
      )}
      <AssetFileGrid
        options={options}
        cols={{ base: 3, sm: 5 }}
        labelOf={({ name }) => name}
        selectedOf={({ file }) => chosen.has(assetOf(file.id))}
        onPick={({ file }) => toggle(assetOf(file.id))}
      />
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The form: the title, then the background, props and characters from the library. */
function GameThemeForm({ target, onClose }: { target: GameThemeTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = target.kind === 'edit' ? target.theme : null;
  const save = useSaveGameTheme(theme?.id ?? null);
  const { form, state } = useDialogForm<Values>({
    initialValues: valuesOf(theme),
    schema: gameThemeInput,
    save: async (values) => {
      const saved = await save.mutateAsync(gameThemeInput.parse(values));
      notifySuccess(t(theme ? 'games.themes.saved' : 'games.themes.created', { title: saved.title }));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose}>
      <NameField form={form} field="title" label={t('games.themes.fields.title')} max={GAME_TITLE_MAX} />
      <AssetChoices
        form={form}
        field="background_asset_id"
        type="game_background"
        single
        title={t('games.themes.fields.background')}
        hint={t('games.themes.fields.backgroundHint')}
      />
      <AssetChoices
        form={form}
        field="prop_asset_ids"
        type="game_prop"
        title={t('games.themes.fields.props')}
        hint={t('games.themes.fields.propsHint', { max: GAME_PROPS_MAX })}
      />
      <AssetChoices
        form={form}
        field="character_asset_ids"
        type="character"
        title={t('games.themes.fields.characters')}
        hint={t('games.themes.fields.charactersHint', { max: GAME_CHARACTERS_MAX })}
      />
    </DialogForm>
  );
}

/** The dialog that creates or changes a game theme. */
export function GameThemeDialog({
  target,
  onClose,
}: {
  target: GameThemeTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={target}
      size="xl"
      title={(shown) =>
        shown.kind === 'edit'
          ? t('games.themes.editTitle', { title: shown.theme.title })
          : t('games.themes.add')
      }
      onClose={onClose}
    >
      {(shown) => <GameThemeForm target={shown} onClose={onClose} />}
    </FormDialog>
  );
}
