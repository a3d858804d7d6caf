import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** The password rule (the shared schema's) under the label, so it is read before the first try. */
const passwordHint = 'At least 8 characters, with an upper-case and a lower-case letter, a digit and a symbol.';

/** A password being chosen (registering, resetting, changing): the rule shown, and the browser may offer one. */
export function NewPasswordInput(props: PasswordInputProps) {
  return <PasswordInput description={passwordHint} autoComplete="new-password" {...props} />;
}
