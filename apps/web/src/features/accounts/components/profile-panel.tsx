import { Paper, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { FormSubmit } from '../../../components/form-alert';

interface ProfilePanelProps {
  title: string;
  /**
   * The customer's account page links to `#<id>`: the panel is then a section with that id, named by its heading
   * (`<id>-title`), and the form is named `formLabel`.
   */
  anchor?: { id: string; formLabel: string };
  /** What `useSchemaForm` returns: the form's element and the server's refusal. */
  form: { ref: RefObject<HTMLFormElement | null>; formError: string | null };
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** The fields. */
  children: ReactNode;
}

/** A profile's form (the customer's, the seller's) in its framed panel, under its heading, ending in Save profile. */
export function ProfilePanel({ title, anchor, form, onSubmit, saving, children }: ProfilePanelProps) {
  const titleId = anchor && `${anchor.id}-title`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      {...(anchor && { component: 'section', 'aria-labelledby': titleId, id: anchor.id })}
    >
      <form ref={form.ref} onSubmit={onSubmit} noValidate aria-label={anchor?.formLabel}>
        <Stack>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {children}
          <FormSubmit error={form.formError} loading={saving}>
            Save profile
          </FormSubmit>
        </Stack>
      </form>
    </Paper>
  );
}
