import { Box } from '@mantine/core';
import { PasswordChangeForm } from '../../../components/password-change-form';

/** /custPanel#password: the customer's password change, the same form (rules and messages) as the seller's. */
export function CustomerPasswordSection() {
  return (
    <Box id="password" style={{ scrollMarginTop: 'var(--mantine-spacing-xl)' }}>
      <PasswordChangeForm />
    </Box>
  );
}
