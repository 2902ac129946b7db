import {
  BAND_KINDS,
  DC_BANDS_MAX,
  DC_FORMULA_MAX,
  DC_LABEL_MAX,
  DC_TEXT_MAX,
  DC_TITLE_MAX,
} from '@logoschool/contract';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemControls } from '../../../components/versioned-document/item-list.tsx';
import { newBand, type CardValues, type ComputedValues } from '../card-form.ts';

export interface FormulaName {
  code: string;
  /** What it is: the question's text or the block's title. */
  label: string;
}

/** The programs a band may point at, and whether they could be read. */
export interface ProgramsState {
  options: { value: string; label: string }[];
  failed: boolean;
}

/**
 * A computed block: title, code, description, formula (the names it may use listed, a click puts
 * one in at the cursor; what card-check says shown as the moderator types), bands and whether
 * parents see it.
 */
export function ComputedEditor({
  form,
  index,
  block,
  names,
  liveError,
  programs,
  controls,
}: {
  form: UseFormReturnType<CardValues>;
  index: number;
  block: ComputedValues;
  names: FormulaName[];
  liveError: string | undefined;
  programs: ProgramsState;
  /** Its move and remove controls, from the list of computed blocks. */
  controls: ItemControls;
}) {
  const { t } = useTranslation();
  const path = `computed.${index}`;
  const formulaRef = useRef<HTMLTextAreaElement>(null);
  const name = t('diagnosticCards.computedN', { n: index + 1 });
  const formulaProps = form.getInputProps(`${path}.formula`);
  const insert = (code: string) => {
    const input = formulaRef.current;
    const text = block.formula;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${code}${text.slice(end)}`;
    form.setFieldValue(`${path}.formula`, next);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + code.length, start + code.length);
    });
  };
  const others = names.filter((item) => item.code !== block.code);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {controls.move}
            <Text fw={600} size="sm">
              {name}
            </Text>
          </Group>
          {controls.remove}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('diagnosticCards.computedTitle')}
            maxLength={DC_TITLE_MAX}
            required
            {...form.getInputProps(`${path}.title`)}
          />
          <TextInput
            label={t('diagnosticCards.code')}
            description={t('diagnosticCards.codeHint')}
            maxLength={40}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps(`${path}.code`)}
          />
        </SimpleGrid>
        <Textarea
          label={t('diagnosticCards.computedDescription')}
          autosize
          minRows={1}
          maxLength={DC_TEXT_MAX}
          {...form.getInputProps(`${path}.description`)}
        />
        <Textarea
          ref={formulaRef}
          label={t('diagnosticCards.formula')}
          description={t('diagnosticCards.formulaHint')}
          autosize
          minRows={2}
          maxLength={DC_FORMULA_MAX}
          required
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...formulaProps}
          error={formulaProps.error ?? (block.formula.trim() ? liveError : undefined)}
        />
        <div>
          <Text size="xs" c="gray.7" mb={4}>
            {t('diagnosticCards.namesAvailable')}
          </Text>
          <Group gap={6}>
            {others.length === 0 && (
              <Text size="xs" c="gray.7">
                {t('diagnosticCards.noNames')}
              </Text>
            )}
            {others.map((item) => (
              <UnstyledButton
                key={item.code}
                onClick={() => insert(item.code)}
                title={item.label}
                aria-label={t('diagnosticCards.insertName', { code: item.code, label: item.label })}
                px={8}
                py={2}
                bg="gray.1"
                style={{ borderRadius: 6, fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 }}
              >
                {item.code}
              </UnstyledButton>
            ))}
          </Group>
        </div>
        <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={500}>
            {t('diagnosticCards.bands')}
          </Text>
          <Text size="xs" c="gray.7">
            {t('diagnosticCards.bandsHint')}
          </Text>
          {block.bands.map((band, b) => {
            const bandName = t('diagnosticCards.bandN', { n: b + 1 });
            const at = `${path}.bands.${b}`;
            return (
              <Group
                key={band.uid}
                gap="xs"
                align="flex-start"
                wrap="wrap"
                aria-label={bandName}
                role="group"
              >
                <NumberInput
                  label={t('diagnosticCards.bandFrom')}
                  w={90}
                  {...form.getInputProps(`${at}.from`)}
                />
                <NumberInput label={t('diagnosticCards.bandTo')} w={90} {...form.getInputProps(`${at}.to`)} />
                <TextInput
                  label={t('diagnosticCards.bandLabel')}
                  maxLength={DC_LABEL_MAX}
                  style={{ flex: 1, minWidth: 160 }}
                  required
                  {...form.getInputProps(`${at}.label`)}
                />
                <Select
                  label={t('diagnosticCards.bandKind')}
                  w={170}
                  data={BAND_KINDS.map((kind) => ({
                    value: kind,
                    label: t(`diagnosticCards.kinds.${kind}`),
                  }))}
                  allowDeselect={false}
                  {...form.getInputProps(`${at}.kind`)}
                />
                <Select
                  label={t('diagnosticCards.bandProgram')}
                  w={220}
                  data={programs.options}
                  placeholder={
                    programs.failed
                      ? t('diagnosticCards.programsFailed')
                      : programs.options.length === 0
                        ? t('diagnosticCards.noPrograms')
                        : t('diagnosticCards.noProgram')
                  }
                  clearable
                  searchable
                  {...form.getInputProps(`${at}.program_id`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={t('diagnosticCards.remove', { name: bandName })}
                  onClick={() => form.removeListItem(`${path}.bands`, b)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            disabled={block.bands.length >= DC_BANDS_MAX}
            onClick={() => form.insertListItem(`${path}.bands`, newBand())}
          >
            {t('diagnosticCards.addBand')}
          </Button>
        </Stack>
        <Switch
          label={t('diagnosticCards.parentsVisible')}
          {...form.getInputProps(`${path}.parents_visible`, { type: 'checkbox' })}
        />
      </Stack>
    </Paper>
  );
}
