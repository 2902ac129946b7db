import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { FileStore } from '../files/files.ts';
import type { JobDefinition } from '../jobs/queue.ts';

/** What a module's jobs are made with. */
export interface JobContext {
  config: Config;
  files: FileStore;
}

/**
 * An area of the app as the app registers it (decision 028): its routes, registered under `/api` in
 * their order, and the jobs it runs. A module's entry (`modules/<name>/index.ts`) exports its
 * `AppModule` and whatever other modules and the app's shared code may use of it; nothing outside
 * the module imports any other of its files (the linter keeps it), and `modules/index.ts` lists the
 * modules the app is made of.
 */
export interface AppModule {
  name: string;
  routes: readonly FastifyPluginAsyncZod[];
  jobs?: (context: JobContext) => readonly JobDefinition[];
}
