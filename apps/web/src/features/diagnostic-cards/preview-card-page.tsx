import type { Answers } from '@logoschool/contract';
import { cardContentOf } from '@logoschool/contract';
import { Alert, Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { FullLoader } from '../../components/full-loader.tsx';
import { ComputedResults, DiagnosisForm } from '../../components/diagnosis-form/index.ts';
import { routeId } from '../../lib/route-id.ts';
import { useCard, useProgramOptions } from './api/cards.ts';
import { CardLoadFailed } from './components/card-load-failed.tsx';
import { CardStatusBadge } from './components/card-status-badge.tsx';

/**
 * /preview-diagnostic-card/:cardId (issue 16 item 3): the card's working copy as the diagnostician
 * will fill it, the computed blocks live from the answers (the contract's formulas, as the server
 * computes them). Answers stay on this screen: nothing is saved.
 */
export function PreviewCardPage() {
  const { t } = useTranslation();
  const { id: cardId, bad } = routeId(useParams().cardId);
  const card = useCard(cardId);
  const programs = useProgramOptions();
  const [answers, setAnswers] = useState<Answers>({});
  const content = useMemo(() => (card.data ? cardContentOf(card.data) : null), [card.data]);

  if (bad) return <Navigate to="/not-found" replace />;
  // Without an id the address names no card: the cards' list, to pick one.
  if (cardId === null) return <Navigate to="/diagnostic-cards" replace />;
  if (card.isPending) return <FullLoader />;
  if (card.isError || !content)
    return <CardLoadFailed error={card.error} onRetry={() => void card.refetch()} />;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Anchor component={Link} to="/diagnostic-cards" size="sm">
          ← {t('diagnosticCards.backToList')}
        </Anchor>
        <Group justify="space-between" mt="xs" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {content.title}
            </Title>
            <Group gap="xs" mt={4}>
              <CardStatusBadge status={card.data.status} />
              <Badge variant="light" color="gray">
                {t(`languages.${content.language}`)}
              </Badge>
            </Group>
          </div>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => setAnswers({})}
              disabled={Object.keys(answers).length === 0}
            >
              {t('diagnosticCards.clearAnswers')}
            </Button>
            <Button
              component={Link}
              to={`/edit-diagnostic-card/${card.data.id}`}
              leftSection={<IconPencil size={16} />}
            >
              {t('diagnosticCards.edit')}
            </Button>
          </Group>
        </Group>
      </div>
      <Alert color="blue" variant="light">
        {t('diagnosticCards.previewNote')}
      </Alert>
      {content.description.trim() && <Text c="gray.8">{content.description}</Text>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DiagnosisForm content={content} answers={answers} onAnswersChange={setAnswers} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <div style={{ position: 'sticky', top: 72 }}>
            <ComputedResults content={content} answers={answers} programs={programs.data ?? []} />
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default PreviewCardPage;
