/**
 * The API bench's protocol templates and plans: copies of the demo's first published template (the
 * sound [Р] one: its version, blocks and folders) and of a demo teacher's filled plan, written by
 * set-based SQL so that thousands take a moment.
 */
import type { Db } from '@logoschool/server/src/db/client.ts';
import { DEMO_TEMPLATES } from '@logoschool/server/src/db/demo/demo-plans.ts';
import { protocols, protocolTemplates } from '@logoschool/server/src/db/schema/index.ts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';

export interface SeededProtocols {
  templates: number;
  plans: number;
  seconds: number;
}

/**
 * Adds `templates` published copies of the demo's first template to its project, and `plans`
 * copies of the demo teacher's first filled plan, their deadlines spread from 10 days ago to 80
 * days ahead (so some are expired), each on one of the copied templates.
 */
export async function seedBenchProtocols(db: Db, templates: number, plans: number): Promise<SeededProtocols> {
  const started = performance.now();
  const [source] = await db
    .select()
    .from(protocolTemplates)
    .where(
      and(eq(protocolTemplates.title, DEMO_TEMPLATES[0]?.title ?? ''), eq(protocolTemplates.version, 1)),
    );
  const [plan] = await db
    .select()
    .from(protocols)
    .where(and(eq(protocols.templateId, source?.id ?? 0), isNotNull(protocols.sentAt)));
  if (!source || !plan) throw new Error('the demo template or its sent plan is missing');
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ max: sql<number>`coalesce(max(${protocolTemplates.id}), 0)::int` })
      .from(protocolTemplates);
    const first = before?.max ?? 0;
    await tx.execute(sql`
      insert into protocol_templates (workspace_id, writer_id, status, title, description, version, created_at, updated_at)
      select workspace_id, writer_id, 'published', title || ' #' || g, description, 1,
             now() - make_interval(mins => g), now() - make_interval(mins => g)
      from protocol_templates, generate_series(1, ${templates}) g
      where id = ${source.id}`);
    await tx.execute(sql`
      insert into protocol_template_versions (template_id, version, content)
      select t.id, 1, v.content
      from protocol_templates t, protocol_template_versions v
      where t.id > ${first} and v.template_id = ${source.id} and v.version = 1`);
    await tx.execute(sql`
      insert into protocol_template_blocks
        (template_id, position, key, target, category_id, description_parents, description_educator,
         min_presentations, max_presentations)
      select t.id, b.position, b.key, b.target, b.category_id, b.description_parents, b.description_educator,
             b.min_presentations, b.max_presentations
      from protocol_templates t, protocol_template_blocks b
      where t.id > ${first} and b.template_id = ${source.id}`);
    await tx.execute(sql`
      insert into protocol_template_folders (block_id, position, category_id, description_parents, indications_educator)
      select nb.id, f.position, f.category_id, f.description_parents, f.indications_educator
      from protocol_template_blocks nb
      join protocol_template_blocks ob on ob.template_id = ${source.id} and ob.position = nb.position
      join protocol_template_folders f on f.block_id = ob.id
      where nb.template_id > ${first}`);
    const [plansBefore] = await tx
      .select({ max: sql<number>`coalesce(max(${protocols.id}), 0)::int` })
      .from(protocols);
    await tx.execute(sql`
      insert into protocols (workspace_id, teacher_id, client_id, template_id, template_version, deadline, lessons)
      select p.workspace_id, p.teacher_id, p.client_id, ${first} + 1 + (g % ${templates}), 1,
             current_date + (g % 90 - 10), p.lessons
      from protocols p, generate_series(1, ${plans}) g
      where p.id = ${plan.id}`);
    await tx.execute(sql`
      insert into protocol_blocks (protocol_id, key, folder_id, min_presentations, max_presentations)
      select n.id, b.key, b.folder_id, b.min_presentations, b.max_presentations
      from protocols n, protocol_blocks b
      where n.id > ${plansBefore?.max ?? 0} and b.protocol_id = ${plan.id}`);
  });
  await db.execute(sql`analyze`);
  return { templates, plans, seconds: (performance.now() - started) / 1000 };
}
