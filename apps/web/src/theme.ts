import { createTheme, Loader } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A loader announces itself (its aria-label) as a status; a bare span may not carry a label.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});
