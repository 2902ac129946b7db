/*
 * All of Mantine's core styles, loaded with the screens beyond the core (`screens.ts`). It repeats
 * the core's files (`core-styles.ts`): coming later in the same `mantine` layer, its copy sets the
 * order between every two components as Mantine's own `styles.css` does (decision 016).
 */
import '@mantine/core/styles.layer.css';
