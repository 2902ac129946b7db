import { BREAKPOINTS } from '@logoschool/contract';
import { createTheme, mergeThemeOverrides, type CSSVariablesResolver } from '@mantine/core';

/** Mantine theme: the spec's breakpoints (§9) and colours that pass WCAG AA contrast. */
export const theme = createTheme({
  breakpoints: BREAKPOINTS,
  primaryColor: 'blue',
  primaryShade: 9,
  // A reader whose system asks for less motion gets dialogs, menus and notifications without their
  // fade and slide (WCAG 2.3.3); the browser tests read pages so too.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  components: {
    // A badge is a status or a role: in a narrow table column it must stay whole, not "SPEECH THERA…".
    // (A plain object, not Badge.extend: importing Badge here would put it in the login page's JS.)
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // A table wider than the screen scrolls sideways with its scrollbar in sight, not one that
    // appears only on hover: otherwise its last columns look cut off (at ~800 px, say).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { type: 'auto' } } },
  },
});

/** Mantine's default dimmed grey is too light on white (3.3:1); use a darker one. */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  // The error red too: Mantine's red.6 on white is 3.3:1; red.9 passes AA for error texts and inputs.
  // And the placeholder (gray.5, 2.1:1): an empty date or time field shows it as text, so it must read.
  light: {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
    '--mantine-color-placeholder': current.colors.gray[7],
  },
  dark: {},
});

/** The words the theme gives Mantine's own controls, in the interface language. */
export interface ThemeTexts {
  /** Every modal's close button. */
  close: string;
  /** The password fields' show/hide button (a toggle: Mantine sets its `aria-pressed`). */
  showPassword: string;
  /** A page list's arrow buttons, which show only an icon. */
  pagination: Record<'first' | 'previous' | 'next' | 'last', string>;
}

/**
 * The parts of the theme that speak: every modal's and drawer's close button says "Close" and
 * every password field's eye button "Show password", and a page list's arrows where they lead, in the interface language (Mantine leaves the
 * one without a name and gives the other an English one). Plain objects, so that the login page's JS does not
 * take in the Modal component.
 */
export function localizedTheme(texts: ThemeTexts) {
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': texts.close } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': texts.close } } },
        Pagination: {
          defaultProps: {
            getControlProps: (control: keyof ThemeTexts['pagination']) => ({
              'aria-label': texts.pagination[control],
            }),
          },
        },
        PasswordInput: {
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': texts.showPassword } },
        },
      },
    }),
  );
}
