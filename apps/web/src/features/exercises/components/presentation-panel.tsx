import {
  API,
  EXERCISE_STATUS,
  type Exercise,
  type ExerciseSlides,
  type SlidesStatus,
} from '@logoschool/contract';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, request } from '../../../api/client.ts';
import { ReportProblemButton } from '../../../components/report-problem.tsx';
import { useApiFileUrl } from '../../../api/file-url.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useActingFor } from '../../../session/session.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { exerciseKeys } from '../api/keys.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';

const PPTX_TYPES = '.pptx,application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** How often the slide images are asked for while the job renders them. */
const RENDER_POLL_MS = 2000;

function useSlides(exerciseId: number) {
  const acting = useActingFor('exercises.read');
  return useQuery({
    queryKey: exerciseKeys.slidesAs(exerciseId, acting),
    queryFn: () =>
      callApi<ExerciseSlides>(`${API.exercises}/${exerciseId}/slides`, {
        query: { ...acting },
      }),
    enabled: acting !== null,
    meta: { silent: true },
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.data?.status === 'rendering'
        ? RENDER_POLL_MS
        : false,
  });
}

function useUploadDeck(exerciseId: number) {
  const acting = useActingFor('exercises.read');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callApi<Exercise>(`${API.exercises}/${exerciseId}/files`, {
        method: 'POST',
        query: { ...acting },
        body: form,
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exerciseKeys.detail(exerciseId) }),
        queryClient.invalidateQueries({ queryKey: exerciseKeys.slides(exerciseId) }),
        queryClient.invalidateQueries({ queryKey: exerciseKeys.media(exerciseId) }),
        queryClient.invalidateQueries({ queryKey: exerciseKeys.lists() }),
      ]),
    meta: { silent: true },
  });
}

/**
 * Queues the deck's slide rendering again (`failed`, or only a `thumbnail` because LibreOffice was
 * missing when it was uploaded); the answer is the new state, so the progress shows at once.
 */
function useRenderAgain(exerciseId: number) {
  const acting = useActingFor('exercises.read');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) =>
      callApi<ExerciseSlides>(API.exercisesActualizeFile, {
        method: 'POST',
        query: { ...acting },
        body: { file_id: fileId },
      }),
    onSuccess: (slides) => {
      queryClient.setQueryData(exerciseKeys.slidesAs(exerciseId, acting), slides);
      return queryClient.invalidateQueries({ queryKey: exerciseKeys.slides(exerciseId) });
    },
    meta: { silent: true },
  });
}

/** Slide states after which rendering may be asked for again. */
const RENDER_AGAIN_STATUSES: readonly (SlidesStatus | null)[] = ['failed', 'thumbnail'];

/**
 * The exercise's deck (spec §3: presentation file, .pptx): upload or replace it, download it, and
 * see its slides as images once the server has rendered them (the job's progress shows here).
 */
/** Whether the exercise is still to be sent to moderation (a draft, declined, a request). */
export const toBeSent = (exercise: Exercise) =>
  exercise.status_id !== EXERCISE_STATUS.moderation && exercise.status_id !== EXERCISE_STATUS.accepted;

export function PresentationPanel({ exercise, editable }: { exercise: Exercise; editable: boolean }) {
  const { t } = useTranslation();
  const acting = useActingFor('exercises.read');
  const slides = useSlides(exercise.id);
  const upload = useUploadDeck(exercise.id);
  const renderAgain = useRenderAgain(exercise.id);
  const [failure, setFailure] = useState<string | null>(null);
  const deck = exercise.presentation;

  const send = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    try {
      await upload.mutateAsync(file);
      notifySuccess(t('exercises.presentation.uploaded', { name: file.name }));
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  const download = async () => {
    const blob = await request<Blob>(`${API.exercises}/${exercise.id}/files/presentation`, {
      query: { ...acting },
      responseType: 'blob',
    });
    saveBlob(blob, deck?.name ?? 'presentation.pptx');
  };

  const render = async (fileId: number) => {
    setFailure(null);
    try {
      await renderAgain.mutateAsync(fileId);
      notifySuccess(t('exercises.presentation.renderQueued'));
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  const status = slides.data?.status ?? null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('exercises.presentation.title')}
          </Title>
          <Group gap="xs">
            {deck && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => void download()}
              >
                {t('exercises.presentation.download')}
              </Button>
            )}
            {editable && (
              <FileButton onChange={(file) => void send(file)} accept={PPTX_TYPES}>
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                    {t(deck ? 'exercises.presentation.replace' : 'exercises.presentation.upload')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        </Group>
        <ErrorAlert>{failure}</ErrorAlert>
        {deck ? (
          <Text size="sm" c="gray.7">
            {t('exercises.presentation.file', { name: deck.name, count: deck.slide_count })}
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            {toBeSent(exercise) ? t('exercises.presentation.none') : t('exercises.presentation.noneSent')}
          </Text>
        )}
        {(status === 'pending' || status === 'rendering') && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('exercises.presentation.rendering')}</Text>
          </Group>
        )}
        {slides.data?.message && (
          <Alert color={status === 'failed' ? 'red' : 'blue'}>{slides.data.message}</Alert>
        )}
        {editable && deck && RENDER_AGAIN_STATUSES.includes(status) && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={renderAgain.isPending}
              onClick={() => void render(deck.file_id)}
            >
              {t('exercises.presentation.renderAgain')}
            </Button>
          </Group>
        )}
        {slides.data && slides.data.slides.length > 0 && (
          <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="sm">
            {slides.data.slides.map((slide) => (
              <SlideImage
                key={slide.position}
                exerciseId={exercise.id}
                position={slide.position}
                fileUrl={slide.file_url}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function SlideImage({
  exerciseId,
  position,
  fileUrl,
}: {
  exerciseId: number;
  position: number;
  fileUrl: string;
}) {
  const { t } = useTranslation();
  const url = useApiFileUrl(fileUrl);
  return (
    <Stack gap={4}>
      {url.data ? (
        <Image
          src={url.data}
          alt={t('exercises.presentation.slide', { position })}
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
        />
      ) : (
        <Paper withBorder h={90} />
      )}
      <Group gap={4} justify="center" wrap="nowrap">
        <Text size="xs" c="gray.7" ta="center">
          {t('exercises.presentation.slide', { position })}
        </Text>
        <ReportProblemButton object={{ kind: 'exercise', id: exerciseId }} slide={position} compact />
      </Group>
    </Stack>
  );
}
