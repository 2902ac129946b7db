import type { ParentPlan } from '@logoschool/contract';
import { Badge, Box, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconFolder, IconPrinter, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { longDate } from '../../../i18n/dates.ts';
import classes from './parent-plan.module.css';

/**
 * The plan as the parents read it (issue 14 item 6): whose plan, from which template, until when,
 * how many lessons, and for each block what it works on and the exercises chosen, in their words
 * only. Made for a phone first, and printed as it reads.
 */
export function ParentPlanView({ plan }: { plan: ParentPlan }) {
  const { t } = useTranslation();
  return (
    <Box component="main" className={classes.page} py={{ base: 'md', sm: 'xl' }}>
      <Container size={720} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <IconSchool size={20} aria-hidden />
              <Text fw={700}>Logoschool</Text>
            </Group>
            <Button
              className={classes.noPrint}
              variant="default"
              size="compact-md"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
            >
              {t('planShare.parent.print')}
            </Button>
          </Group>

          <Stack gap="xs">
            <Title order={1} size="h2">
              {t('planShare.parent.title', { name: plan.child_name })}
            </Title>
            <Text size="lg">{plan.template_title}</Text>
            <Group gap="xs">
              <Badge
                variant="outline"
                color="blue.9"
                size="lg"
                tt="none"
                leftSection={<IconCalendarEvent size={14} aria-hidden />}
              >
                {t('planShare.parent.until', { date: longDate(plan.language, plan.deadline) })}
              </Badge>
              <Badge variant="outline" color="teal.9" size="lg" tt="none">
                {t('planShare.parent.lessons', { count: plan.lessons })}
              </Badge>
            </Group>
          </Stack>

          <Text>{t('planShare.parent.intro', { count: plan.lessons })}</Text>

          <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {plan.blocks.map((block, index) => (
              <Paper
                component="li"
                key={`${index}-${block.target}`}
                withBorder
                radius="md"
                p={{ base: 'md', sm: 'lg' }}
                className={classes.block}
              >
                <Stack gap="sm">
                  <Text size="sm" c="gray.7">
                    {t('planShare.parent.blockOf', { index: index + 1, count: plan.blocks.length })}
                  </Text>
                  <Title order={2} size="h3">
                    {block.target}
                  </Title>
                  {block.description && <Text style={{ whiteSpace: 'pre-line' }}>{block.description}</Text>}
                  {block.folder ? (
                    <Group gap="sm" align="flex-start" wrap="nowrap">
                      <ThemeIcon variant="outline" color="blue.9" aria-hidden>
                        <IconFolder size={18} />
                      </ThemeIcon>
                      <div>
                        <Text size="sm" c="gray.7">
                          {t('planShare.parent.exercises')}
                        </Text>
                        <Text fw={600}>{block.folder.name}</Text>
                        {block.folder.description && (
                          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                            {block.folder.description}
                          </Text>
                        )}
                      </div>
                    </Group>
                  ) : (
                    <Text size="sm" c="gray.7">
                      {t('planShare.parent.folderToCome')}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>

          <Text size="sm" c="gray.7">
            {t('planShare.parent.footer')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
