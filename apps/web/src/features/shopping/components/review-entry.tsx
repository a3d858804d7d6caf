import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { reviewInput, reviewMessages } from '@pricehub/shared/schemas/review';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useAddReview } from '../api/orders';
import { fieldErrors } from '@pricehub/shared/schemas/error';

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
  const [text, setText] = useState('');
  const [rating, setRating] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddReview();

  if (reviewed || add.isSuccess) {
    return (
      <Group gap={4} c="green">
        <IconCircleCheck size={16} aria-hidden />
        <Text size="sm">{reviewMessages.added}</Text>
      </Group>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = reviewInput.safeParse({ productId, text, rating });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    setErrors({});
    add.mutate(
      { orderId, productId, text: parsed.data.text, rating: parsed.data.rating },
      {
        onSuccess: (result) => notifySuccess(result.message),
        onError: (error) => {
          if (error instanceof ApiRequestError) setErrors(error.fields);
          notifyError(error.message);
        },
      },
    );
  };

  const ratingId = `rating-${orderId}-${productId}`;
  return (
    <form onSubmit={submit} aria-label={`Review ${productName}`}>
      <Stack gap={6} maw={420}>
        <Textarea
          label={`Your review of ${productName}`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={errors.text}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <div>
          <Text size="sm" fw={500} id={ratingId}>
            Stars
          </Text>
          <Rating value={rating} onChange={setRating} aria-labelledby={ratingId} />
          {errors.rating && (
            <Text size="xs" c="red">
              {errors.rating}
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
