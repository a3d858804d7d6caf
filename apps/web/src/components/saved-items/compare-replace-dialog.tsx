import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import type { CompareItem } from '@pricehub/shared/schemas/saved';

/** The compare list is full: choose which of its 4 entries the new one replaces. */
export default function CompareReplaceDialog({
  items,
  replacing,
  onReplace,
  onCancel,
}: {
  items: CompareItem[];
  replacing: boolean;
  onReplace: (id: number) => void;
  onCancel: () => void;
}) {
  const [replaceId, setReplaceId] = useState<string | null>(null);
  return (
    <Modal opened onClose={onCancel} title="Your compare list is full" centered>
      <Stack>
        <Text size="sm">You can compare up to 4 products. Choose one to replace:</Text>
        <Radio.Group value={replaceId} onChange={setReplaceId} label="Replace" name="replace-compare-item">
          <Stack gap="xs" mt="xs">
            {items.map((item) => (
              <Radio key={item.id} value={String(item.id)} label={`${item.name} (${formatRs(item.price)})`} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!replaceId} loading={replacing} onClick={() => onReplace(Number(replaceId))}>
            Replace
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
