import { and, eq, type SQL } from 'drizzle-orm';
import { protocolTemplates, protocolTemplateVersions, protocols } from '../../db/schema/index.ts';

/** The join condition of a plan's template version: the published version it was made from. */
export function planTemplateVersion(): SQL | undefined {
  return and(
    eq(protocolTemplateVersions.templateId, protocols.templateId),
    eq(protocolTemplateVersions.version, protocols.templateVersion),
  );
}

/** The join condition of a template's latest published version. */
export function latestTemplateVersion(): SQL | undefined {
  return and(
    eq(protocolTemplateVersions.templateId, protocolTemplates.id),
    eq(protocolTemplateVersions.version, protocolTemplates.version),
  );
}
