import type { ComponentType } from 'react';

/** What a screen's chunk exports. */
export type ScreenModule = { default: ComponentType };
