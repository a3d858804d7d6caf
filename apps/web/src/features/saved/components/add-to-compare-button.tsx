import { Button, Group, Modal, Radio, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useAddToCompare } from '../api/compare';

type Target = { productId: number; offerId?: undefined } | { offerId: number; productId?: undefined };

/**
 * "Add to Compare" for a product or an offer. When the list already holds 4, the server answers COMPARE_FULL
 * with them and this asks which one to replace, then swaps in one request.
 */
export function AddToCompareButton({ target, ...buttonProps }: { target: Target } & ButtonProps) {
  const add = useAddToCompare();
  const [full, setFull] = useState<CompareItem[] | null>(null);
  const [replaceId, setReplaceId] = useState<string | null>(null);

  const submit = (replace?: number) =>
    add.mutate(
      { ...target, ...(replace ? { replaceId: replace } : {}) },
      {
        onSuccess: (res) => {
          setFull(null);
          notifySuccess(res.message);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'COMPARE_FULL') {
            setFull((error.details as { items: CompareItem[] }).items);
            setReplaceId(null);
            return;
          }
          notifyError(error.message);
        },
      },
    );

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconScale size={16} />}
        loading={add.isPending && !full}
        {...buttonProps}
        onClick={() => submit()}
      >
        Add to Compare
      </Button>
      <Modal opened={full !== null} onClose={() => setFull(null)} title="Your compare list is full" centered>
        <Stack>
          <Text size="sm">You can compare up to 4 products. Choose one to replace:</Text>
          <Radio.Group value={replaceId} onChange={setReplaceId} label="Replace" name="replace-compare-item">
            <Stack gap="xs" mt="xs">
              {full?.map((item) => (
                <Radio key={item.id} value={String(item.id)} label={`${item.name} (${formatRs(item.price)})`} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFull(null)}>
              Cancel
            </Button>
            <Button disabled={!replaceId} loading={add.isPending} onClick={() => submit(Number(replaceId))}>
              Replace
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
