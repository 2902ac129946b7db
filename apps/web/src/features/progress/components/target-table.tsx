import type { ProgressTarget } from '@logoschool/contract';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import { percentOf } from '../percent.ts';

/** The numbers behind a target's chart: one row per lesson, then the totals. */
export function TargetTable({ target }: { target: ProgressTarget }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped withTableBorder fz="sm">
        <Table.Caption>{t('progress.tableCaption', { target: target.target })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('progress.lesson')}</Table.Th>
            <Table.Th scope="col">{t('progress.plan')}</Table.Th>
            <Table.Th scope="col">{t('progress.date')}</Table.Th>
            <Table.Th scope="col">{t('progress.correct')}</Table.Th>
            <Table.Th scope="col">{t('progress.incorrect')}</Table.Th>
            <Table.Th scope="col">{t('progress.cued')}</Table.Th>
            <Table.Th scope="col">{t('progress.total')}</Table.Th>
            <Table.Th scope="col">{t('progress.accuracy')}</Table.Th>
            <Table.Th scope="col">{t('progress.cuedShare')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {target.points.map((point) => (
            <Table.Tr key={point.lesson_id}>
              <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                {t('progress.lessonShort', { number: point.number })}
              </Table.Th>
              <Table.Td>{point.plan_title}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {point.date ? formatDate(point.date) : t('progress.noDate')}
              </Table.Td>
              <Table.Td>{point.correct}</Table.Td>
              <Table.Td>{point.incorrect}</Table.Td>
              <Table.Td>{point.cued}</Table.Td>
              <Table.Td>{point.total}</Table.Td>
              <Table.Td>{percentOf(point.accuracy)}%</Table.Td>
              <Table.Td>{percentOf(point.cued_share)}%</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              {t('progress.allLessons')}
            </Table.Th>
            <Table.Td fw={700}>{target.totals.correct}</Table.Td>
            <Table.Td fw={700}>{target.totals.incorrect}</Table.Td>
            <Table.Td fw={700}>{target.totals.cued}</Table.Td>
            <Table.Td fw={700}>{target.totals.total}</Table.Td>
            <Table.Td fw={700}>{percentOf(target.totals.accuracy)}%</Table.Td>
            <Table.Td fw={700}>{percentOf(target.totals.cued_share)}%</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
