import type { TicketFile } from '@logoschool/contract';
import { Anchor, Button, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../../api/file-url.ts';

const sizeText = (bytes: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.max(1, bytes / 1024),
  );

/** One file: a picture shown (opened whole in a new tab), a PDF opened in a new tab. */
function FileEntry({ file }: { file: TicketFile }) {
  const { t, i18n } = useTranslation();
  const local = useApiFileUrl(file.file_url);
  const size = sizeText(file.size, i18n.language);
  if (local.isPending)
    return <Loader size="sm" aria-label={t('tickets.files.loading', { name: file.original_name })} />;
  if (!local.data) {
    return (
      <Text size="sm" c="red.9">
        {t('tickets.files.failed', { name: file.original_name })}
      </Text>
    );
  }
  if (file.kind === 'image') {
    return (
      <Paper withBorder p={4} radius="sm">
        <Anchor
          href={local.data}
          target="_blank"
          rel="noopener"
          aria-label={t('tickets.files.open', { name: file.original_name })}
        >
          <Image src={local.data} alt={file.original_name} h={140} w="auto" fit="contain" />
        </Anchor>
        <Text size="xs" c="gray.7" ta="center">
          {file.original_name} · {size}
        </Text>
      </Paper>
    );
  }
  return (
    <Button
      component="a"
      href={local.data}
      target="_blank"
      rel="noopener"
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
    >
      {file.original_name} · {size}
    </Button>
  );
}

/** A report's files, viewable. */
export function TicketFiles({ files }: { files: readonly TicketFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('tickets.files.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-start">
        {files.map((file) => (
          <FileEntry key={file.id} file={file} />
        ))}
      </Group>
    </Stack>
  );
}
