import type { ParentAnswer, ParentDiagnosis, ParentResult } from '@logoschool/contract';
import { Badge, Box, Button, Container, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconChartLine, IconDownload, IconPrinter, IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { longDate } from '../../../i18n/dates.ts';
import classes from './parent-diagnosis.module.css';

/** The header every parents' page has: the school's name and the page's own actions. */
export function ParentHeader({ children }: { children?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap={6} wrap="nowrap">
        <IconSchool size={20} aria-hidden />
        <Text fw={700}>Logoschool</Text>
      </Group>
      <Group gap="xs" className={classes.noPrint}>
        {children}
      </Group>
    </Group>
  );
}

/** The frame of a parents' page: grey ground, a column that reads on a phone. */
export function ParentPage({ children }: { children: ReactNode }) {
  return (
    <Box component="main" className={classes.page} py={{ base: 'md', sm: 'xl' }}>
      <Container size={760} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">{children}</Stack>
      </Container>
    </Box>
  );
}

/** One answer as the parents read it. */
function AnswerView({ answer }: { answer: ParentAnswer }) {
  const { t } = useTranslation();
  switch (answer.kind) {
    case 'none':
      return (
        <Text c="gray.7" fs="italic">
          {t('parentDiagnosis.noAnswer')}
        </Text>
      );
    case 'text':
      return <Text className={classes.answer}>{answer.text}</Text>;
    case 'variants':
      return answer.labels.length === 1 ? (
        <Text>{answer.labels[0]}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {answer.labels.map((label) => (
            <List.Item key={label}>{label}</List.Item>
          ))}
        </List>
      );
    case 'scale':
      return (
        <Stack gap={2}>
          <Text>
            <Text span fw={700} size="lg">
              {answer.value}
            </Text>{' '}
            {t('parentDiagnosis.scaleOf', { from: answer.scale.from, to: answer.scale.to })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('parentDiagnosis.scaleEnds', {
              from: answer.scale.from,
              start: answer.scale.start_label,
              to: answer.scale.to,
              end: answer.scale.end_label,
            })}
          </Text>
        </Stack>
      );
    case 'table':
      return (
        <Table withTableBorder withColumnBorders striped={false} fz="sm">
          <Table.Tbody>
            {answer.rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                <Table.Td>{row.picked.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
  }
}

/** A result meant for the parents: its value and what it means. */
function ResultView({ result }: { result: ParentResult }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className={classes.block}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h4">
            {result.title}
          </Title>
          <Text
            fw={700}
            size="xl"
            aria-label={t('parentDiagnosis.valueLabel', { value: result.value ?? '—' })}
          >
            {result.value ?? '—'}
          </Text>
        </Group>
        {result.description && (
          <Text size="sm" c="gray.7" className={classes.answer}>
            {result.description}
          </Text>
        )}
        {result.value === null && (
          <Text size="sm" c="gray.7">
            {t('parentDiagnosis.notComputed')}
          </Text>
        )}
        {result.band && (
          <Group gap="xs">
            <Badge
              color={result.band.kind === 'violation' ? 'orange.9' : 'teal.9'}
              autoContrast
              tt="none"
              size="lg"
            >
              {t(`parentDiagnosis.kind.${result.band.kind}`)}
            </Badge>
            <Text fw={600}>{result.band.label}</Text>
          </Group>
        )}
        {result.program && <Text size="sm">{t('parentDiagnosis.program', { name: result.program })}</Text>}
      </Stack>
    </Paper>
  );
}

/**
 * The filled diagnostic card as the parents read it (issue 16 item 6): the card, the child, the
 * date, the results meant for them and every question with its answer, in the student's language.
 * Made for a phone first, and printed as it reads.
 */
export function ParentDiagnosisView({
  card,
  progressPath,
  pdfUrl,
}: {
  card: ParentDiagnosis;
  progressPath: string;
  pdfUrl: string;
}) {
  const { t } = useTranslation();
  return (
    <ParentPage>
      <ParentHeader>
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
        >
          {t('parentDiagnosis.print')}
        </Button>
        <Button
          component="a"
          href={pdfUrl}
          download
          variant="default"
          size="compact-md"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('parentDiagnosis.pdf')}
        </Button>
      </ParentHeader>

      <Stack gap="xs">
        <Title order={1} size="h2">
          {card.card_title}
        </Title>
        <Text size="lg">{t('parentDiagnosis.child', { name: card.child_name })}</Text>
        <Group gap="xs">
          <Badge
            variant="outline"
            color="blue.9"
            size="lg"
            tt="none"
            leftSection={<IconCalendarEvent size={14} aria-hidden />}
          >
            {t('parentDiagnosis.date', { date: longDate(card.language, card.diagnosed_on) })}
          </Badge>
        </Group>
        {card.card_description && <Text className={classes.answer}>{card.card_description}</Text>}
      </Stack>

      <Button
        component={Link}
        to={progressPath}
        variant="light"
        className={classes.noPrint}
        leftSection={<IconChartLine size={18} aria-hidden />}
        w="fit-content"
      >
        {t('parentDiagnosis.toProgress')}
      </Button>

      {card.results.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="parent-results">
          <Title order={2} size="h3" id="parent-results">
            {t('parentDiagnosis.results')}
          </Title>
          {card.results.map((result) => (
            <ResultView key={result.key} result={result} />
          ))}
        </Stack>
      )}

      {card.blocks.map((block, index) => (
        <Paper
          key={`${index}-${block.title}`}
          component="section"
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          aria-labelledby={`parent-block-${index}`}
        >
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} size="h3" id={`parent-block-${index}`}>
                {block.title}
              </Title>
              {block.description && (
                <Text size="sm" c="gray.7" className={classes.answer}>
                  {block.description}
                </Text>
              )}
            </Stack>
            <Stack gap="md" component="dl" m={0}>
              {block.questions.map((question, position) => (
                <div key={`${position}-${question.text}`} className={classes.block}>
                  <Text component="dt" fw={600}>
                    {question.text}
                  </Text>
                  <Box component="dd" m={0} mt={4}>
                    <AnswerView answer={question.answer} />
                  </Box>
                </div>
              ))}
            </Stack>
          </Stack>
        </Paper>
      ))}

      <Text size="sm" c="gray.7">
        {t('parentDiagnosis.footer')}
      </Text>
    </ParentPage>
  );
}
