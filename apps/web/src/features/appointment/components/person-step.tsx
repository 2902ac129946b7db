import { BOOKING_KINDS, type BookingKind, type BookingPage, type Language } from '@logoschool/contract';
import { Button, Chip, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from './country-select.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

/** Step 1's answers as the form holds them (the themes' ids as the chips' strings). */
export interface PersonValues {
  kind: BookingKind;
  parent_name: string;
  email: string;
  phone: string;
  country: string;
  time_zone: string;
  language: Language | '';
  child_name: string;
  birthdate: string;
  theme_ids: string[];
}

/** The languages the page offers for a kind: only those some teacher gives it in. */
export function languagesFor(page: BookingPage, kind: BookingKind): Language[] {
  return page.languages[kind];
}

/**
 * Step 1, who (spec §2, §3 Booking): the parent, the child, the lesson language, the interests and
 * what to book. The form is the booking page's, so that coming back from step 2 keeps the answers.
 */
export function PersonStep({
  page,
  form,
  language,
  today,
  onSubmit,
}: {
  page: BookingPage;
  form: UseFormReturnType<PersonValues>;
  language: Language;
  today: string;
  onSubmit: (values: PersonValues) => void;
}) {
  const { t } = useTranslation();
  const kind = form.values.kind;
  const offered = languagesFor(page, kind);
  // Stable, so that the long lists of countries and zones do not render again at every keystroke.
  const { setFieldValue } = form;
  const setCountry = useCallback((country: string) => setFieldValue('country', country), [setFieldValue]);
  const setZone = useCallback((zone: string) => setFieldValue('time_zone', zone), [setFieldValue]);

  const chooseKind = (next: BookingKind) => {
    form.setFieldValue('kind', next);
    const nextOffered = languagesFor(page, next);
    if (form.values.language && !nextOffered.includes(form.values.language))
      form.setFieldValue('language', nextOffered[0] ?? '');
  };

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="lg">
        <Radio.Group
          label={t('appointment.who.kind')}
          value={kind}
          onChange={(value) => {
            const next = BOOKING_KINDS.find((one) => one === value);
            if (next) chooseKind(next);
          }}
          error={form.errors.kind}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="free_lesson"
              label={t('appointment.kind.free_lesson')}
              description={t('appointment.who.freeLessonNote', { count: page.lesson_minutes })}
              disabled={page.languages.free_lesson.length === 0}
            />
            <Radio
              value="consultation"
              label={t('appointment.kind.consultation')}
              description={t('appointment.who.courseNote')}
              disabled={page.languages.consultation.length === 0}
            />
          </Stack>
        </Radio.Group>

        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('appointment.who.parent')}
          </Title>
          <TextInput
            label={t('appointment.who.parentName')}
            autoComplete="name"
            required
            {...form.getInputProps('parent_name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('appointment.who.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('appointment.who.phone')}
              type="tel"
              autoComplete="tel"
              placeholder="+44 7700 900123"
              description={t('appointment.who.phoneNote')}
              required
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CountrySelect
              label={t('appointment.who.country')}
              language={language}
              required
              error={form.errors.country}
              value={form.values.country}
              onChange={setCountry}
            />
            <TimeZoneSelect
              label={t('appointment.who.timeZone')}
              description={t('appointment.who.timeZoneNote')}
              required
              error={form.errors.time_zone}
              value={form.values.time_zone}
              onChange={setZone}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('appointment.who.child')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('appointment.who.childName')}
              required
              {...form.getInputProps('child_name')}
            />
            <TextInput
              label={t('appointment.who.birthdate')}
              type="date"
              max={today}
              required
              {...form.getInputProps('birthdate')}
            />
          </SimpleGrid>
          <Select
            label={t('appointment.who.language')}
            description={t('appointment.who.languageNote')}
            required
            allowDeselect={false}
            data={offered.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
            {...form.getInputProps('language')}
            value={form.values.language || null}
            onChange={(value) => form.setFieldValue('language', (value ?? '') as Language | '')}
          />
          {page.themes.length > 0 && (
            <Stack gap={6}>
              <Text size="sm" fw={500} id="appointment-interests">
                {t('appointment.who.interests')}
              </Text>
              <Chip.Group multiple {...form.getInputProps('theme_ids')}>
                <Group gap={6} role="group" aria-labelledby="appointment-interests">
                  {page.themes.map((theme) => (
                    <Chip key={theme.id} value={String(theme.id)} size="sm">
                      {theme.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {form.errors.theme_ids && (
                <Text size="sm" c="red.8">
                  {form.errors.theme_ids}
                </Text>
              )}
            </Stack>
          )}
        </Stack>

        <Group justify="flex-end">
          <Button type="submit" size="md">
            {t('appointment.who.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
