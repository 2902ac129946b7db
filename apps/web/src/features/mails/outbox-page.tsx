import { API, PER_PAGE_DEFAULT, type Mail, type MailDelivery } from '@logoschool/contract';
import { Accordion, Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApiPage } from '../../api/client.ts';
import { ListView } from '../../components/list/list-view.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { MailText } from './mail-text.tsx';

/** The mails feature's query keys. */
const mailKeys = {
  all: ['mails'] as const,
  page: (page: number) => [...mailKeys.all, page] as const,
};

const DELIVERY_COLORS: Record<MailDelivery, string> = {
  smtp: 'teal.9',
  outbox: 'blue.9',
  failed: 'red.9',
};

/**
 * /outbox (root): every mail the platform sent, newest first. Without an SMTP server this is
 * where invitations are read; a failed delivery shows the SMTP server's answer.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const list = useListControls();
  const mails = useQuery({
    queryKey: mailKeys.page(list.page),
    queryFn: () => callApiPage<Mail>(API.mails, { query: { page: list.page, per_page: PER_PAGE_DEFAULT } }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <PageHeader title={t('outbox.title')} description={t('outbox.description')} />
      <ListView query={mails} failed={t('errors.generic')} empty={t('outbox.empty')} paging={list}>
        {(rows) => (
          <Accordion variant="separated" multiple>
            {rows.map((mail) => (
              <Accordion.Item key={mail.id} value={String(mail.id)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="sm">
                    <div>
                      <Text fw={600}>{mail.subject}</Text>
                      <Text size="sm" c="gray.7">
                        {t('outbox.to', { to: mail.to })} · {formatDateTime(mail.created_at)}
                      </Text>
                    </div>
                    <Badge color={DELIVERY_COLORS[mail.delivery]} size="sm">
                      {t(`outbox.delivery.${mail.delivery}`)}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {mail.error && (
                    <Alert color="red" mb="sm">
                      {mail.error}
                    </Alert>
                  )}
                  <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
                    <MailText text={mail.text} />
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </ListView>
    </Stack>
  );
}

export default OutboxPage;
