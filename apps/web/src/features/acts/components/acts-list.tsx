import type { Act } from '@logoschool/contract';
import { Anchor, Button, List, Spoiler, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { ListView } from '../../../components/list/list-view.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { moneyText } from '../../../lib/money.ts';
import { useActs, useDownloadActPdf } from '../api/acts.ts';

/**
 * The acts made in the project, newest first: number, date, contractor, period, amount, the
 * content links they hold, and their PDF, downloaded again whenever needed (an act never changes).
 */
export function ActsList() {
  const { t, i18n } = useTranslation();
  const acts = useActs();
  const download = useDownloadActPdf();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <PanelSection id="acts-issued" title={t('acts.list.title')} hint={t('acts.list.hint')}>
      <DismissibleAlert message={failure} onClose={() => setFailure(null)} />
      <ListView query={acts} empty={t('acts.list.empty')}>
        {(rows: Act[]) => (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" aria-labelledby="acts-issued">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('acts.list.number')}</Table.Th>
                  <Table.Th>{t('acts.list.date')}</Table.Th>
                  <Table.Th>{t('acts.list.contractor')}</Table.Th>
                  <Table.Th>{t('acts.list.period')}</Table.Th>
                  <Table.Th>{t('acts.list.total')}</Table.Th>
                  <Table.Th>{t('acts.list.content')}</Table.Th>
                  <Table.Th>{t('acts.list.pdf')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((act) => (
                  <Table.Tr key={act.id}>
                    <Table.Td>{act.number}</Table.Td>
                    <Table.Td>{formatDate(act.act_date)}</Table.Td>
                    <Table.Td>{act.contractor.name_uk}</Table.Td>
                    <Table.Td>
                      {formatDate(act.period_from)} – {formatDate(act.period_to)}
                    </Table.Td>
                    <Table.Td>{moneyText(act.total_cents, act.currency, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Spoiler maxHeight={48} showLabel={t('acts.list.more')} hideLabel={t('acts.list.less')}>
                        <List size="sm">
                          {act.items.map((item, index) => (
                            <List.Item key={index}>
                              <Anchor href={item.content_link} target="_blank" rel="noreferrer" size="sm">
                                {item.title}
                              </Anchor>
                            </List.Item>
                          ))}
                        </List>
                      </Spoiler>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        aria-label={t('acts.list.downloadOf', { number: act.number })}
                        onClick={() => {
                          setFailure(null);
                          void download(act).catch((error: unknown) => setFailure(errorTextOf(error)));
                        }}
                      >
                        {t('acts.list.download')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListView>
    </PanelSection>
  );
}
