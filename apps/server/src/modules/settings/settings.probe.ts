import type { AreaProbe } from '../../test/area-probes.ts';

/** The settings are the environments', no project's: no object to build, no public read. */
export const probe: AreaProbe = { objects: {} };
