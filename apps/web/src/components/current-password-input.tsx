import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** The password one already has (signing in, confirming a change): the browser's password manager may fill it. */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return <PasswordInput autoComplete="current-password" {...props} />;
}
