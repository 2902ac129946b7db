import type { TemplateBlock, TemplateContent } from '@logoschool/contract';
import {
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A text as written, its line breaks kept; a dash when there is none. */
function Written({ text }: { text: string }) {
  return text.trim() ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="gray.7">
      —
    </Text>
  );
}

/** A labelled text of a block or folder: who it is for, then what it says. */
function Labelled({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Written text={text} />
    </Stack>
  );
}

/** How many presentations a lesson takes from a block: "2–4", or "3" when the bounds meet. */
export function BoundsBadge({ min, max }: { min: number; max: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="blue.9" size="lg" tt="none" style={{ flexShrink: 0 }}>
      {min === max ? t('templates.boundsExact', { min }) : t('templates.bounds', { min, max })}
    </Badge>
  );
}

function BlockCard({ block, number }: { block: TemplateBlock; number: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-labelledby={`block-${block.key}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <ThemeIcon radius="xl" size="lg" color="blue.9" aria-hidden>
              {number}
            </ThemeIcon>
            <div>
              <Title order={3} size="h4" id={`block-${block.key}`}>
                <VisuallyHidden>{t('templates.blockNumber', { number })}: </VisuallyHidden>
                {block.target}
              </Title>
              <Text size="sm" c="gray.7">
                {t('templates.categoryOf', { name: block.category_name })}
              </Text>
            </div>
          </Group>
          <BoundsBadge min={block.min_presentations} max={block.max_presentations} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Labelled label={t('templates.forParents')} text={block.description_parents} />
          <Labelled label={t('templates.forEducator')} text={block.description_educator} />
        </SimpleGrid>
        <Stack gap="xs">
          <Title order={4} size="h5">
            {t('templates.foldersCount', { count: block.folders.length })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {block.folders.map((folder) => (
              <Paper key={folder.category_id} withBorder radius="sm" p="sm" bg="gray.0">
                <Stack gap="xs">
                  <Text fw={600}>{folder.category_name}</Text>
                  <Labelled label={t('templates.forParents')} text={folder.description_parents} />
                  <Labelled label={t('templates.indicationsEducator')} text={folder.indications_educator} />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * A template to read (spec §3 Protocol template): the description for the educator, then each
 * block as a card with its target, category, bounds, both descriptions and its folders.
 */
export function TemplateContentView({ template }: { template: TemplateContent }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="template-description">
        <Stack gap="xs">
          <Title order={2} size="h4" id="template-description">
            {t('templates.description')}
          </Title>
          <Written text={template.description} />
        </Stack>
      </Paper>
      <Stack gap="md" component="section" aria-labelledby="template-blocks">
        <Title order={2} size="h4" id="template-blocks">
          {t('templates.blocksCount', { count: template.blocks.length })}
        </Title>
        {template.blocks.map((block, index) => (
          <BlockCard key={block.key} block={block} number={index + 1} />
        ))}
      </Stack>
    </Stack>
  );
}
