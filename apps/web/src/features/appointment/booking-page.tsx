import { queryClient } from '../../lib/query-client.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  REFERRAL_CODE_MAX,
  addDays,
  ageRefusal,
  bookingPersonInput,
  dayOf,
  oldEnoughFrom,
  type AgeRefusal,
  type BookingPage as Page,
  type BookingPersonInput,
  type Language,
  type ParentBooking,
} from '@logoschool/contract';
import { Text, Title, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { initialLanguage } from '../../i18n/i18n.ts';
import { contractValidate } from '../../lib/form.ts';
import { fetchBookingPage } from './api/appointment.ts';
import { AgeModal, BookingExistsModal } from './components/age-modal.tsx';
import { BookingDone } from './components/booking-done.tsx';
import { PageFrame } from './components/page-frame.tsx';
import { PageLanguage } from './components/page-language.tsx';
import { languagesFor, PersonStep, type PersonValues } from './components/person-step.tsx';
import { TimeStep } from './components/time-step.tsx';
import { browserCountry, browserTimeZone } from './zones.ts';

/** The page's school, and the interface language it starts in (the parent's, not the lesson's). */
function readPage(token: string, signal: AbortSignal) {
  const language = initialLanguage();
  return fetchBookingPage(token, language, signal).then((page) => ({ page, language }));
}

/**
 * /appointment/:token (public, spec §2 "public booking form, two forms, in steps"): a parent books
 * a free lesson or a seat in the course, in the public link's frame (the wait, "not valid or
 * withdrawn"), in the parent's own interface language, which the page can switch.
 */
export function BookingPage({
  after,
}: {
  /** What another area adds below the form (the app composes it: the call back), by the page's token. */
  after?: (token: string) => ReactNode;
} = {}) {
  // Outside the shell, so with the app's query cache given here (the slots are a query).
  return (
    <QueryClientProvider client={queryClient}>
      <PublicLinkPage read={readPage}>
        {({ page, language }, { token }) => (
          <PageLanguage initial={language}>
            {(shown, switcher) => (
              <BookingFlow
                page={page}
                token={token}
                language={shown}
                switcher={switcher}
                after={after?.(token)}
              />
            )}
          </PageLanguage>
        )}
      </PublicLinkPage>
    </QueryClientProvider>
  );
}

export default BookingPage;

/** The form's values as the API's body. */
const bodyOf = (values: PersonValues) => ({ ...values, theme_ids: values.theme_ids.map(Number) });

function BookingFlow({
  page,
  token,
  language,
  switcher,
  after,
}: {
  page: Page;
  token: string;
  language: Language;
  switcher: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'who' | 'when' | 'done'>('who');
  const [refusal, setRefusal] = useState<AgeRefusal | null>(null);
  const [exists, setExists] = useState(false);
  const [booked, setBooked] = useState<ParentBooking | null>(null);
  const zone = browserTimeZone();
  const kind =
    page.languages.free_lesson.length === 0 && page.languages.consultation.length > 0
      ? 'consultation'
      : 'free_lesson';
  const offered = languagesFor(page, kind);
  const form = useForm<PersonValues>({
    initialValues: {
      kind,
      parent_name: '',
      email: '',
      phone: '',
      country: browserCountry() ?? '',
      time_zone: zone,
      language: offered.includes(language) ? language : (offered[0] ?? ''),
      child_name: '',
      birthdate: '',
      theme_ids: [],
    },
    validate: contractValidate<PersonValues>(bookingPersonInput, t, { toBody: bodyOf }),
    validateInputOnBlur: true,
  });
  const values = form.values;
  const today = dayOf(new Date(), values.time_zone);
  // A family's referral link opens the page with `?ref=` (decision 039): the reservation passes it on.
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() ?? '';
  const referral = ref !== '' && ref.length <= REFERRAL_CODE_MAX ? { ref } : {};

  // Spec §8: the age is checked before any slot is shown, on the last day one may book.
  const next = (answers: PersonValues) => {
    const refused = ageRefusal(answers.kind, answers.birthdate, addDays(today, page.horizon_days));
    if (refused) setRefusal(refused);
    else setStep('when');
  };
  const refused = (why: AgeRefusal | 'exists') => {
    if (why === 'exists') {
      setExists(true);
      return;
    }
    setRefusal(why);
    setStep('who');
  };

  const stepTitle =
    step === 'who' ? t('appointment.who.title') : step === 'when' ? t('appointment.when.title') : null;

  return (
    <PageFrame school={page.school} title={t('appointment.title', { name: page.school })} switcher={switcher}>
      {stepTitle && (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {step === 'who' ? t('appointment.who.step') : t('appointment.when.step')}
          </Text>
          <Title order={2} size="h3">
            {stepTitle}
          </Title>
        </Stack>
      )}
      {step === 'who' && (
        <PersonStep page={page} form={form} language={language} today={today} onSubmit={next} />
      )}
      {step === 'when' && values.language !== '' && (
        <TimeStep
          token={token}
          page={page}
          person={{ ...(bodyOf(values) as BookingPersonInput & { language: Language }), ...referral }}
          language={language}
          onBack={() => setStep('who')}
          onDone={(booking) => {
            setBooked(booking);
            setStep('done');
          }}
          onRefused={refused}
        />
      )}
      {step === 'done' && booked && <BookingDone booking={booked} language={language} />}
      <AgeModal
        refusal={refusal}
        child={values.child_name.trim()}
        oldEnoughFrom={values.birthdate ? oldEnoughFrom(values.kind, values.birthdate) : null}
        language={language}
        onClose={() => setRefusal(null)}
        onSwitchToLesson={
          page.languages.free_lesson.length > 0
            ? () => {
                setRefusal(null);
                form.setFieldValue('kind', 'free_lesson');
                if (values.language && !page.languages.free_lesson.includes(values.language))
                  form.setFieldValue('language', page.languages.free_lesson[0] ?? '');
              }
            : undefined
        }
      />
      <BookingExistsModal opened={exists} onClose={() => setExists(false)} />
      {after}
    </PageFrame>
  );
}
