import type { Action, PublicLink } from '@logoschool/contract';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';

/**
 * What an area declares of its public links (decision 029): the kit makes, replaces, withdraws and
 * looks them up, and the area says what they open and who may share them.
 */
export interface PublicLinkKind {
  /** The stored kind (`public_links.kind`), one per area's link: 'plan', 'lesson', 'diagnosis'. */
  kind: string;
  /** The web page a token opens: the route table's path without `/:token` (contract). */
  page: string;
  /** The subject's API path with its id parameter, under which `/link` and `/link/rotate` go. */
  path: string;
  /** The name of that id parameter (`protocolId`), and the schemas of the path and of the query. */
  param: string;
  params: z.ZodObject;
  querystring: z.ZodObject;
  /** The action that may share the subject (its routes declare it, the kit's too). */
  permission: Action;
  /** The OpenAPI tag of the area, and the subject in words for the routes' summaries ("the plan"). */
  tag: string;
  noun: string;
  /**
   * The subject within the caller's reach, its row locked for the change (two shares at once wait
   * for each other), and its project; the area's own 404 for anything else.
   */
  find(tx: Tx, actor: Actor, subjectId: number): Promise<{ workspaceId: number }>;
  /** A rule before a link is made or replaced (a plan must be filled first); throws the area's error. */
  assertIssuable?(tx: Tx, subjectId: number): Promise<void>;
  /** Told after a change of the subject's link committed (the lesson tells its open screens). */
  changed?(subjectId: number): void;
  /**
   * `GET …/link`: how the subject is shared, in the area's own schema (`publicLinkSchema` extended
   * with what else the sharer sees: when it was mailed, where the session stands…).
   */
  sharing: {
    schema: z.ZodType<PublicLink>;
    summary: string;
    read(db: Db, baseUrl: string, actor: Actor, subjectId: number): Promise<PublicLink>;
  };
}

const kinds = new Map<string, PublicLinkKind>();

/**
 * Declares an area's public link: one declaration per kind (a second one is a programming error,
 * so two areas cannot read each other's tokens). The kit registers its routes for every kind.
 */
export function declarePublicLink(declaration: PublicLinkKind): PublicLinkKind {
  if (kinds.has(declaration.kind)) throw new Error(`public link kind ${declaration.kind} declared twice`);
  kinds.set(declaration.kind, declaration);
  return declaration;
}

/** The kinds declared so far, in the order the areas declared them. */
export const declaredLinks = (): PublicLinkKind[] => [...kinds.values()];
