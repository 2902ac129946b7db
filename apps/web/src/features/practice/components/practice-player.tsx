import {
  PRACTICE_OUTCOMES,
  type PracticeCounts,
  type PracticeOutcome,
  type PracticePlay,
} from '@logoschool/contract';
import { Box, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postTry, slideImageUrl } from '../api/play.ts';

/** Each outcome's button colour: green, yellow, grey. */
const COLOR: Record<PracticeOutcome, string> = { right: 'teal', helped: 'yellow', not_yet: 'gray' };

/** The horizontal move, in pixels, that a swipe needs to turn the slide. */
const SWIPE = 50;

/** One place of the player: a presentation and one of its slides (0 for one without images). */
interface Place {
  presentation: number;
  slide: number;
}

/** Every place in order: each presentation's slides, a presentation without images as one place. */
const placesOf = (practice: PracticePlay): Place[] =>
  practice.presentations.flatMap((item, presentation) =>
    Array.from({ length: Math.max(item.image_urls.length, 1) }, (_, slide) => ({ presentation, slide })),
  );

type Saving =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; retry: () => void };

/**
 * Taps of one presentation: each tap gets its own key, made once, and is sent at once; a failed
 * one is sent again with the same key (the server records one try per key), and a tap while one is
 * on its way is ignored, so neither a double tap nor a retry counts twice.
 */
function useTaps(token: string, practice: PracticePlay) {
  const [counts, setCounts] = useState<Record<number, PracticeCounts>>(() =>
    Object.fromEntries(practice.presentations.map((item) => [item.exercise_id, item.counts])),
  );
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const busy = useRef(false);

  function send(exerciseId: number, outcome: PracticeOutcome, key: string) {
    busy.current = true;
    setSaving({ state: 'saving' });
    postTry(token, { key, exercise_id: exerciseId, outcome }).then(
      (answer) => {
        busy.current = false;
        setCounts((before) => ({ ...before, [exerciseId]: answer.counts }));
        setSaving({ state: 'saved' });
      },
      () => {
        busy.current = false;
        setSaving({ state: 'failed', retry: () => send(exerciseId, outcome, key) });
      },
    );
  }

  const tap = (exerciseId: number, outcome: PracticeOutcome) => {
    if (busy.current) return;
    send(exerciseId, outcome, crypto.randomUUID());
  };
  return { counts, saving, tap };
}

/**
 * The parent's player (issue 29 item 2): full screen on a phone or tablet, the slide as large as it
 * fits, previous and next by buttons, arrow keys and swipes, and under it the three big buttons for
 * how the try went, each with how often it was tapped for this presentation.
 */
export function PracticePlayer({ token, practice }: { token: string; practice: PracticePlay }) {
  const { t } = useTranslation();
  const places = placesOf(practice);
  const [at, setAt] = useState(0);
  const { counts, saving, tap } = useTaps(token, practice);
  const swipeStart = useRef<number | null>(null);
  const last = places.length - 1;

  const move = useCallback((by: number) => setAt((now) => Math.min(Math.max(now + by, 0), last)), [last]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('button, a, input')) return;
      if (event.key === 'ArrowRight' || event.key === 'PageDown') move(1);
      if (event.key === 'ArrowLeft' || event.key === 'PageUp') move(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const heading = (
    <Title order={1} size="h4">
      {t('homePractice.player.title', { number: practice.lesson_number, name: practice.child_name })}
    </Title>
  );
  const place = places[at];
  const item = place ? practice.presentations[place.presentation] : undefined;
  if (!place || !item) {
    return (
      <Stack p="md">
        {heading}
        <Text>{t('homePractice.player.empty')}</Text>
      </Stack>
    );
  }
  const image = item.image_urls[place.slide];
  const shown = counts[item.exercise_id] ?? item.counts;

  return (
    <Stack component="main" gap="xs" p="sm" h="100dvh" style={{ overflow: 'hidden' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {heading}
        <Text size="sm" c="gray.7">
          {t('homePractice.player.progress', {
            index: place.presentation + 1,
            total: practice.presentations.length,
          })}
        </Text>
      </Group>
      <Title order={2} size="h3">
        {item.title}
      </Title>
      <Box
        style={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          touchAction: 'pan-y',
        }}
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (swipeStart.current === null) return;
          const moved = event.clientX - swipeStart.current;
          swipeStart.current = null;
          if (Math.abs(moved) >= SWIPE) move(moved < 0 ? 1 : -1);
        }}
      >
        {image ? (
          <Image
            src={slideImageUrl(image)}
            alt={t('homePractice.player.slideAlt', {
              title: item.title,
              index: place.slide + 1,
              total: item.image_urls.length,
            })}
            fit="contain"
            h="100%"
            w="100%"
            draggable={false}
          />
        ) : (
          <Text size="lg" ta="center">
            {t('homePractice.player.noSlides')}
          </Text>
        )}
      </Box>
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="default"
          size="md"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => move(-1)}
          disabled={at === 0}
        >
          {t('homePractice.player.previous')}
        </Button>
        {item.image_urls.length > 0 && (
          <Text size="sm" c="gray.7">
            {t('homePractice.player.slideOf', { index: place.slide + 1, total: item.image_urls.length })}
          </Text>
        )}
        <Button
          variant="default"
          size="md"
          rightSection={<IconArrowRight size={18} aria-hidden />}
          onClick={() => move(1)}
          disabled={at === last}
        >
          {t('homePractice.player.next')}
        </Button>
      </Group>
      <Text size="xs" c="gray.7" visibleFrom="sm">
        {t('homePractice.player.keyboardHint')}
      </Text>
      <Stack component="section" aria-label={t('homePractice.player.howWent')} gap={6}>
        <Text fw={600}>{t('homePractice.player.howWent')}</Text>
        <Group grow gap="xs" preventGrowOverflow={false}>
          {PRACTICE_OUTCOMES.map((outcome) => (
            <Button
              key={outcome}
              size="lg"
              h={64}
              color={COLOR[outcome]}
              autoContrast
              variant={outcome === 'not_yet' ? 'light' : 'filled'}
              onClick={() => tap(item.exercise_id, outcome)}
              aria-label={t('homePractice.outcomeCount', {
                label: t(`homePractice.outcomes.${outcome}`),
                count: shown[outcome],
              })}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.15 } }}
            >
              <Stack gap={0} align="center">
                <span>{t(`homePractice.outcomes.${outcome}`)}</span>
                <Text span size="sm" fw={700} aria-hidden>
                  {shown[outcome]}
                </Text>
              </Stack>
            </Button>
          ))}
        </Group>
        <Group gap="xs" mih={28} role="status" aria-live="polite">
          {saving.state === 'saved' && (
            <Text size="sm" c="teal.9">
              {t('homePractice.player.saved')}
            </Text>
          )}
          {saving.state === 'failed' && (
            <>
              <Text size="sm" c="red.9">
                {t('homePractice.player.failed')}
              </Text>
              <Button size="xs" variant="light" onClick={saving.retry}>
                {t('homePractice.player.retry')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Stack>
  );
}
