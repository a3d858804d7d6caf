import { TextInput, type TextInputProps } from '@mantine/core';

/** A Pakistani mobile number as the shared schema takes it; phones get the number pad. */
export function PhoneInput(props: TextInputProps) {
  return <TextInput label="Phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="03001234567" {...props} />;
}
