/**
 * Protocol templates as versioned documents (decision 030): their versions table, their blocks as
 * items by key, and the plans made from them, which keep a template from being deleted.
 */
import { templateSnapshot, type TemplateContent } from '@logoschool/contract';
import { count, eq } from 'drizzle-orm';
import {
  protocolTemplateVersions,
  protocolTemplates,
  protocols,
  type ProtocolTemplateRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { versionedDocument } from '../../versioning/versioned-document.ts';

export const templateVersions = versionedDocument<TemplateContent, ProtocolTemplateRow>({
  documents: { table: protocolTemplates, id: protocolTemplates.id },
  versions: {
    table: protocolTemplateVersions,
    documentId: protocolTemplateVersions.templateId,
    version: protocolTemplateVersions.version,
    content: protocolTemplateVersions.content,
    publishedBy: protocolTemplateVersions.publishedBy,
    publishedAt: protocolTemplateVersions.publishedAt,
    row: ({ documentId, version, content, publishedBy }) => ({
      templateId: documentId,
      version,
      content: content as TemplateContent,
      publishedBy,
    }),
  },
  snapshot: templateSnapshot,
  usage: {
    count: async (db, id) => {
      const [plans] = await db.select({ count: count() }).from(protocols).where(eq(protocols.templateId, id));
      return plans?.count ?? 0;
    },
    refusal: () => new AppError('template_in_use'),
  },
  wrongStatus: 'template_transition_refused',
});

/** A published version's content; null when there is none of that number. */
export const versionContent = templateVersions.content;
/** Several published versions' contents at once, by `${templateId}:${version}`. */
export const versionContents = templateVersions.contents;
