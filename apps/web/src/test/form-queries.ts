import { fireEvent, screen } from '@testing-library/react';

/** The message shown under one input: Mantine links it to the input with aria-describedby. */
export function messageUnder(label: RegExp | string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

/** Types each value into the input with that label, then presses the submit button. */
export function fillAndSubmit(labels: Record<string, RegExp>, values: Record<string, string>, button: string) {
  for (const [key, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[key]!), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: button }));
}

/** The message Mantine shows under a given input element, or null. */
export function messageUnderInput(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}
