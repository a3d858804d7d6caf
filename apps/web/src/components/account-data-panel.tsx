import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { accountDeletionInput } from '@pricehub/shared/schemas/account-data';
import { downloadAccountData, useDeleteAccount } from '../api/account-data';
import { useSchemaForm } from '../hooks/use-schema-form';
import { CurrentPasswordInput } from './current-password-input';
import { FormAlert } from './form-alert';
import { notifyError, notifySuccess } from './notify';
import { SectionPanel } from './section-panel';

type ShopRole = 'customer' | 'seller';

/** What deleting the account does, in the words of each role. */
const consequences: Record<ShopRole, string[]> = {
  customer: [
    'Your profile, wishlist, compare list, cart and alerts are erased, and you are signed out everywhere.',
    'Your orders stay in the shop’s records, without your name, email, phone or address. Your reviews stay, signed “Former customer”.',
    'Orders still on their way must be delivered or cancelled first.',
    'You can register again later with the same email.',
  ],
  seller: [
    'Your store closes and its listings leave the shop. Your posts and notifications are erased.',
    'Orders stay in the shop’s records under your store’s name; your name, email and phone are erased.',
    'Orders still in progress (Booked, Accepted or Shipped) must be completed or cancelled first.',
    'You can register again later with the same email.',
  ],
};

/**
 * "Your data": download everything PriceHub holds about the account as JSON, or delete the account after
 * confirming the password. Used in the customer panel and on the seller's profile page.
 */
export function AccountDataPanel({ role }: { role: ShopRole }) {
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAccountData(role);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The download failed. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SectionPanel id="account-data" title="Your data">
      <Text size="sm">
        Download a copy of everything PriceHub holds about your account, as a JSON file
        {role === 'seller'
          ? ': your store, listings, orders, sales and promos.'
          : ': your profile, orders, reviews, complaints and wishlist.'}
      </Text>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={downloading}
          onClick={download}
        >
          Download my data
        </Button>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          Delete account
        </Button>
      </Group>
      {/* A modal draws in a portal: nothing of it stands in the section. */}
      <DeleteAccountDialog role={role} opened={open} onClose={() => setOpen(false)} />
    </SectionPanel>
  );
}

function DeleteAccountDialog({ role, opened, onClose }: { role: ShopRole; opened: boolean; onClose: () => void }) {
  const form = useSchemaForm(accountDeletionInput, { password: '' });
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const close = () => {
    if (remove.isPending) return;
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ password }) => {
    notifySuccess((await remove.mutateAsync(password)).message);
    navigate('/', { replace: true });
  });

  return (
    <Modal opened={opened} onClose={close} title="Delete your account?" centered>
      <form ref={form.ref} onSubmit={submit} noValidate aria-label="Delete account">
        <Stack>
          <List size="sm" spacing={4}>
            {consequences[role].map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm" fw={600}>
            This cannot be undone.
          </Text>
          <CurrentPasswordInput label="Your password" {...form.getInputProps('password')} withAsterisk data-autofocus />
          <FormAlert message={form.formError} />
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Keep my account
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
