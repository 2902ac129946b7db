import { API } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What the generation area adds to the API probes' project (`test/area-probes.ts`): a run of the
 * theme's versions (queued: the probes run no jobs), which `:runId` names; `generated_ids` name the
 * project's themed versions (the shared `generated` object).
 */
export const probe: AreaProbe = {
  objects: {
    generationRun: async ({ call, built }) => {
      const response = await call('moderator', 'POST', `/api${API.generatorByTheme}`, {
        theme_id: built.theme,
      });
      if (response.statusCode !== 202)
        throw new Error(`generation run: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { id: number } }).data.id;
    },
    generatedVersion: async ({ built }) => {
      if (built.generated === undefined) throw new Error('the probe project has no themed version');
      return built.generated;
    },
  },
  pathParams: { runId: 'generationRun' },
  bodyFields: { generated_id: 'generatedVersion', generated_ids: 'generatedVersion' },
};
