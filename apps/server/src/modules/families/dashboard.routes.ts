import {
  API,
  FAMILY_LINK_SEND,
  clientParams,
  dataEnvelope,
  errorBody,
  parentDashboardSchema,
  publicLinkParams,
  schoolContactsInput,
  schoolContactsQuery,
  schoolContactsSchema,
  sendFamilyLinkInput,
  sendFamilyLinkQuery,
  sentFamilyLinkSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { publicRead } from '../public-links/index.ts';
import {
  readSchoolContacts,
  saveSchoolContacts,
  sendFamilyLink,
  showDashboard,
} from './dashboard.service.ts';

// How the dashboard is shared, and making, replacing and withdrawing its link, are the kit's routes
// (`family-link.ts` declares them, decision 029).
const tags = ['families'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${API.clients}/:clientId${FAMILY_LINK_SEND}`,
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary:
          "Mails the student's dashboard link to the parent (the e-mail given, else the student's parent e-mail; 422 when neither) in the child's lesson language, making the link when there is none, and records when",
        params: clientParams,
        querystring: sendFamilyLinkQuery,
        body: sendFamilyLinkInput,
        response: { 200: dataEnvelope(sentFamilyLinkSchema), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await sendFamilyLink(
        { db: app.db, mailer: app.mailer, baseUrl: publicBaseUrl(app.config, request) },
        actingOf(request),
        request.params.clientId,
        request.body,
      ),
    }),
  );

  app.get(
    `${API.parentDashboard}/:token`,
    {
      // Public: the random token is the key (decision 029).
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The child's dashboard for the family by its public link (public): the child's first name, the next lessons (the child's screen at lesson time), the current plan's parent texts, the lessons held with their tries, the diagnoses sent, the therapist and the school's contacts, in the child's language; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(parentDashboardSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await showDashboard(app.db, app.config.chat, request.params.token) }),
  );

  app.get(
    API.schoolContacts,
    {
      config: { permission: 'families.contacts' },
      schema: {
        tags,
        summary: "The school's contacts the parents' dashboard shows ('' for each not given)",
        querystring: schoolContactsQuery,
        response: { 200: dataEnvelope(schoolContactsSchema) },
      },
    },
    async (request) => ({ data: await readSchoolContacts(app.db, actingOf(request).workspaceId) }),
  );

  app.put(
    API.schoolContacts,
    {
      config: { permission: 'families.contacts' },
      schema: {
        tags,
        summary:
          "Sets the school's contacts the parents' dashboard shows: an e-mail and a phone in international form ('' clears one)",
        querystring: schoolContactsQuery,
        body: schoolContactsInput,
        response: { 200: dataEnvelope(schoolContactsSchema), 422: errorBody },
      },
    },
    async (request) => ({
      data: await saveSchoolContacts(app.db, actingOf(request).workspaceId, request.body),
    }),
  );
};
