import { CRM_CALLS } from '@logoschool/contract';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBaseUrl } from '../../../api/client.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useActingFor, useSession } from '../../../session/session.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCrmAccess, useIssueCrmToken, useRevokeCrmToken, type CrmProject } from '../api/crm-token.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';

/** The API's address as a CRM calls it: the configured base, made absolute. */
const apiAddress = () => new URL(apiBaseUrl(), window.location.origin).toString().replace(/\/$/, '');

/**
 * "CRM access" of one project (DESIGN §4 machine clients): a button that opens the project's CRM
 * token dialog. Root reaches it per project on /projects, an admin on /users.
 */
export function CrmAccessButton({
  project,
  title,
  size = 'sm',
}: {
  project: CrmProject;
  /** The project's name, for the dialog's title and the button's label. */
  title: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="default"
        leftSection={<IconPlugConnected size={size === 'xs' ? 14 : 16} aria-hidden />}
        aria-label={t('crm.access.buttonFor', { title })}
        onClick={() => setOpened(true)}
      >
        {t('crm.access.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('crm.access.title', { title })}
        size="lg"
      >
        {opened && <CrmAccess project={project} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

/** The CRM access button of the project the session acts in, for whoever may manage it (an admin); none else. */
export function ProjectCrmAccessButton() {
  const acting = useActingFor('crm.manage');
  const { workspace } = useSession();
  if (!acting || !workspace) return null;
  return (
    <CrmAccessButton
      project={{ workspaceId: acting.workspace_id, roleId: acting.role_id }}
      title={workspace.workspaceTitle}
    />
  );
}

type Confirming = 'replace' | 'revoke' | null;

/** The dialog's content: the token's state, making, replacing and revoking it, the new one shown once. */
export function CrmAccess({ project, onClose }: { project: CrmProject; onClose: () => void }) {
  const { t } = useTranslation();
  const access = useCrmAccess(project, true);
  const issue = useIssueCrmToken(project);
  const revoke = useRevokeCrmToken(project);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const token = access.data?.token ?? null;

  const make = async () => {
    setFailure(null);
    setConfirming(null);
    try {
      const issued = await issue.mutateAsync();
      setSecret(issued.secret);
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };
  const withdraw = async () => {
    setFailure(null);
    setConfirming(null);
    try {
      await revoke.mutateAsync();
      setSecret(null);
      notifySuccess(t('crm.access.revoked'));
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  return (
    <Stack>
      <Text size="sm" maw={560}>
        {t('crm.access.intro')}
      </Text>
      <ErrorAlert>{failure}</ErrorAlert>
      {access.isPending ? (
        <Text size="sm">{t('crm.access.loading')}</Text>
      ) : token ? (
        <Stack gap={6}>
          <Group gap="xs">
            <Badge color="teal.9">{t('crm.access.active')}</Badge>
            <Text size="sm">
              {t('crm.access.startsWith')} <Code>{token.prefix}…</Code>
            </Text>
          </Group>
          <Text size="sm">
            {token.created_by
              ? t('crm.access.createdBy', { date: formatDateTime(token.created_at), name: token.created_by })
              : t('crm.access.created', { date: formatDateTime(token.created_at) })}
          </Text>
          <Text size="sm">
            {token.last_used_at
              ? t('crm.access.lastUsed', { date: formatDateTime(token.last_used_at) })
              : t('crm.access.neverUsed')}
          </Text>
        </Stack>
      ) : (
        <Group gap="xs">
          <Badge color="gray.7" variant="outline">
            {t('crm.access.none')}
          </Badge>
          <Text size="sm">{t('crm.access.noneHint')}</Text>
        </Group>
      )}

      {secret && <NewToken secret={secret} />}

      {confirming && (
        <Alert color="red" variant="light" title={t(`crm.access.${confirming}Title`)}>
          <Stack gap="sm">
            <Text size="sm">{t(`crm.access.${confirming}Question`)}</Text>
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setConfirming(null)} data-autofocus>
                {t('actions.cancel')}
              </Button>
              <Button
                color="red.9"
                size="xs"
                onClick={() => void (confirming === 'replace' ? make() : withdraw())}
                loading={issue.isPending || revoke.isPending}
              >
                {t(`crm.access.${confirming}Confirm`)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <Group justify="flex-end">
        {token && (
          <Button
            variant="subtle"
            color="red.9"
            c="red.9"
            mr="auto"
            onClick={() => setConfirming('revoke')}
            disabled={confirming !== null}
          >
            {t('crm.access.revoke')}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {t('crm.close')}
        </Button>
        <Button
          onClick={() => (token ? setConfirming('replace') : void make())}
          loading={issue.isPending && confirming === null}
          disabled={access.isPending || confirming !== null}
        >
          {t(token ? 'crm.access.replace' : 'crm.access.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The token just made, shown this once, with what a CRM needs to call with it. */
function NewToken({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const address = apiAddress();
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('crm.access.newTitle')}
      </Title>
      <Alert color="yellow" variant="light" role="status">
        {t('crm.access.newWarning')}
      </Alert>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('crm.access.token')}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal.9' : undefined}
              onClick={copy}
            >
              {t(copied ? 'crm.access.copied' : 'crm.access.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">
        {t('crm.access.howToCall')} <Code>Authorization: Bearer {'<token>'}</Code>
      </Text>
      <Text size="sm">
        {t('crm.access.address')} <Code>{address}</Code>
      </Text>
      <List size="sm" spacing={2}>
        {CRM_CALLS.map((call) => (
          <List.Item key={`${call.method} ${call.path}`}>
            <Code>
              {call.method} {address}
              {call.path}
            </Code>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
