import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { reviewInput, reviewMessages } from '@pricehub/shared/schemas/review';
import { notifySuccess } from '../../../components/notify';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useAddReview } from '../api/orders';

/** Review one bought product: text and 1-5 stars. Once sent, the line shows 'Review submitted'. */
export function ReviewEntry({
  orderId,
  productId,
  productName,
  reviewed,
}: {
  orderId: string;
  productId: number;
  productName: string;
  reviewed: boolean;
}) {
  const form = useSchemaForm(reviewInput, { text: '', rating: 0 });
  const add = useAddReview();

  if (reviewed || add.isSuccess) {
    return (
      <Group gap={4} c="green">
        <IconCircleCheck size={16} aria-hidden />
        <Text size="sm">{reviewMessages.added}</Text>
      </Group>
    );
  }

  const submit = form.onSubmit(
    ({ text, rating }) =>
      add.mutate(
        { orderId, productId, text, rating },
        { onSuccess: (result) => notifySuccess(result.message), onError: form.reportFailure },
      ),
    { productId },
  );

  const ratingId = `rating-${orderId}-${productId}`;
  return (
    <form ref={form.ref} onSubmit={submit} aria-label={`Review ${productName}`}>
      <Stack gap={6} maw={420}>
        <Textarea
          label={`Your review of ${productName}`}
          {...form.getInputProps('text')}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <div>
          <Text size="sm" fw={500} id={ratingId}>
            Stars
          </Text>
          <Rating value={form.values.rating} onChange={(v) => form.setValue('rating', v)} aria-labelledby={ratingId} />
          {form.errors.rating && (
            <Text size="xs" c="red">
              {form.errors.rating}
            </Text>
          )}
        </div>
        <Button type="submit" size="xs" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Submit review
        </Button>
      </Stack>
    </form>
  );
}
