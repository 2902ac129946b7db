import type { NavItem } from '@logoschool/contract';
import type { Icon } from '@tabler/icons-react';
import type { ScreenModule } from './screen-module.ts';

/**
 * An area's screens: route path → its chunk's loader. Each area keeps its own in
 * `features/<area>/screens.ts`; the app finds them all and mounts the built routes (`app/screens.ts`),
 * each beyond the core (its chunk, the whole language and all styles load together).
 */
export type AreaScreens = Record<string, () => Promise<ScreenModule>>;

/** The icons of an area's navigation items, beside its screens (`features/<area>/screens.ts`). */
export type AreaNavIcons = Partial<Record<NavItem, Icon>>;
