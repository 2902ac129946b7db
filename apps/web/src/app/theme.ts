import { BREAKPOINTS } from '@logoschool/contract';
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Mantine theme: the spec's breakpoints (§9) and colours that pass WCAG AA contrast. */
export const theme = createTheme({
  breakpoints: BREAKPOINTS,
  primaryColor: 'blue',
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  components: {
    // A badge is a status or a role: in a narrow table column it must stay whole, not "SPEECH THERA…".
    // (A plain object, not Badge.extend: importing Badge here would put it in the login page's JS.)
    Badge: { styles: { root: { minWidth: 'max-content' } } },
  },
});

/** Mantine's default dimmed grey is too light on white (3.3:1); use a darker one. */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] },
  dark: {},
});
